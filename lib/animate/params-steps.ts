/**
 * `steps` (D26): the actions a `scenario=steps` recording performs, in the capture options'
 * vocabulary (`click`, `scrollTo`, the `delay` of a wait) plus `hover` and `type`, each recorded as
 * it happens. A JSON array (its text in a query; an array in a POST body). Every step has a length
 * in the video, so a recording's length — and what it costs — is known before it starts.
 */
import { fail, raw, register } from "@/lib/api/params";
import { ANIMATE_MAX } from "./limits";

type StepAction = "click" | "hover" | "scrollTo" | "type" | "wait";

export type Step =
  | { action: "click" | "hover"; selector: string; durationMs: number }
  | { action: "scrollTo"; target: { selector: string } | { y: number }; durationMs: number }
  | { action: "type"; text: string; selector: string; durationMs: number }
  | { action: "wait"; durationMs: number };

const MAX_STEPS = 20;
const SELECTOR_MAX = 512;
const TYPE_TEXT_MAX = 500;
const SCROLL_TO_MAX_PX = 100_000;
/** How long a click, hover or scroll lasts in the video when the step does not say. */
const DEFAULT_STEP_MS = 1_000;
/** A `type` step without a duration: this long per character, then this long to show the text. */
const TYPE_MS_PER_CHAR = 100;
const TYPE_HOLD_MS = 500;

const ACTIONS: readonly StepAction[] = ["click", "hover", "scrollTo", "type", "wait"];
/** The fields each action may carry besides its own. */
const EXTRA_FIELDS: Record<StepAction, readonly string[]> = {
  click: ["duration"],
  hover: ["duration"],
  scrollTo: ["duration"],
  type: ["into", "duration"],
  wait: [],
};

const STEPS_EXAMPLE = '[{"click":"#open"},{"wait":800},{"type":"hello","into":"#search"},{"scrollTo":"#pricing"}]';

/** One step object's problem (without "steps[i]: "), or the step. */
function parseStep(item: unknown): Step | string {
  if (typeof item !== "object" || item === null || Array.isArray(item))
    return `must be an object such as {"click":"#open"}`;
  const fields = item as Record<string, unknown>;
  const actions = ACTIONS.filter((a) => Object.hasOwn(fields, a));
  if (actions.length !== 1) return `must name exactly one action: ${ACTIONS.join(", ")}`;
  const action = actions[0];
  const stray = Object.keys(fields).find((k) => k !== action && !EXTRA_FIELDS[action].includes(k));
  if (stray !== undefined) return `has an unknown field ${JSON.stringify(stray.slice(0, 64))} for ${action}`;

  let durationMs: number | undefined;
  if (fields.duration !== undefined) {
    const d = fields.duration;
    if (typeof d !== "number" || !Number.isInteger(d) || d < 0 || d > ANIMATE_MAX.durationMs)
      return `duration must be a whole number of milliseconds from 0 to ${ANIMATE_MAX.durationMs}`;
    durationMs = d;
  }
  const selectorOf = (value: unknown, name: string): string | { problem: string } =>
    typeof value === "string" && value.trim() !== "" && value.length <= SELECTOR_MAX
      ? value
      : { problem: `${name} must be a CSS selector of at most ${SELECTOR_MAX} characters` };

  switch (action) {
    case "wait": {
      const ms = fields.wait;
      if (typeof ms !== "number" || !Number.isInteger(ms) || ms < 1 || ms > ANIMATE_MAX.durationMs)
        return `wait must be a whole number of milliseconds from 1 to ${ANIMATE_MAX.durationMs}`;
      return { action, durationMs: ms };
    }
    case "click":
    case "hover": {
      const selector = selectorOf(fields[action], action);
      if (typeof selector !== "string") return selector.problem;
      return { action, selector, durationMs: durationMs ?? DEFAULT_STEP_MS };
    }
    case "scrollTo": {
      const to = fields.scrollTo;
      if (typeof to === "number") {
        if (!Number.isInteger(to) || to < 0 || to > SCROLL_TO_MAX_PX)
          return `scrollTo must be a CSS selector or a number of pixels from 0 to ${SCROLL_TO_MAX_PX}`;
        return { action, target: { y: to }, durationMs: durationMs ?? DEFAULT_STEP_MS };
      }
      const selector = selectorOf(to, "scrollTo");
      if (typeof selector !== "string") return selector.problem;
      return { action, target: { selector }, durationMs: durationMs ?? DEFAULT_STEP_MS };
    }
    case "type": {
      const text = fields.type;
      if (typeof text !== "string" || text === "" || text.length > TYPE_TEXT_MAX)
        return `type must be the text to type, 1 to ${TYPE_TEXT_MAX} characters`;
      const selector = selectorOf(fields.into, "into");
      if (typeof selector !== "string") return `${selector.problem} (the field to type into)`;
      return { action, text, selector, durationMs: durationMs ?? [...text].length * TYPE_MS_PER_CHAR + TYPE_HOLD_MS };
    }
  }
}

/** The steps as a JSON array, or undefined when absent. */
export function stepsParam(name: string, description: string) {
  const schema = raw().transform((v, ctx): Step[] | undefined => {
    if (v === undefined || v === "") return undefined;
    let parsed: unknown;
    try {
      parsed = JSON.parse(v);
    } catch {
      return fail(ctx, "invalid_parameter", `${name} must be a JSON array of steps, e.g. ${STEPS_EXAMPLE}.`);
    }
    if (!Array.isArray(parsed) || parsed.length === 0)
      return fail(ctx, "invalid_parameter", `${name} must be a non-empty JSON array of steps, e.g. ${STEPS_EXAMPLE}.`);
    if (parsed.length > MAX_STEPS)
      return fail(ctx, "parameter_out_of_range", `${name} may hold at most ${MAX_STEPS} steps.`);
    const steps: Step[] = [];
    for (const [index, item] of parsed.entries()) {
      const step = parseStep(item);
      if (typeof step === "string") return fail(ctx, "invalid_parameter", `${name}[${index}] ${step}.`);
      steps.push(step);
    }
    return steps;
  });
  return register(schema, {
    kind: "string",
    bodyType: "json",
    max: MAX_STEPS,
    pattern: '[{"click":"…"},{"wait":ms},…]',
    example: STEPS_EXAMPLE,
    description,
  });
}
