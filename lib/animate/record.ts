/**
 * Recording a loaded page frame by frame (D26): for each frame, the page is put where the timeline
 * says (a scroll offset, a step's action) and its clock and animations at that frame's moment
 * (page-clock.ts), and the viewport is captured and handed to the encoder. Nothing here waits on
 * the wall clock, so a loaded machine makes the recording take longer, never jerkier. Every call
 * draws on the render's deadline.
 */
import "server-only";
import type { Page } from "puppeteer-core";
import { ApiError } from "@/lib/vocabulary/errors";
import type { Deadline } from "@/lib/browser";
import { findElement } from "@/lib/page/interactions";
import type { FrameEncoder } from "./encode";
import { RecordingClock } from "./page-clock";
import type { Step } from "./params-steps";
import type { AnimationPlan, Timeline } from "./plan";
import { charactersTyped, motionProgress, scrollOffsets } from "./timeline";
import { ease } from "./easing";

/** The furthest the document can scroll, and where it is now. */
const SCROLL_STATE = `(() => {
  const root = document.scrollingElement || document.documentElement;
  const height = Math.max(root.scrollHeight, document.body ? document.body.scrollHeight : 0);
  return { max: Math.max(0, height - window.innerHeight), y: window.scrollY };
})()`;

async function scrollState(page: Page, deadline: Deadline): Promise<{ max: number; y: number }> {
  return (await deadline.race(page.evaluate(SCROLL_STATE))) as { max: number; y: number };
}

const clamp = (y: number, max: number) => Math.round(Math.min(max, Math.max(0, y)));

/**
 * Where a scroll video ends: at the bottom, a pixel offset, or an element's top at the top of the
 * viewport — waited for like the screenshot's scrollTo (a 400 selector_not_found when it never
 * comes), since the clock is not running yet — within the page.
 */
async function scrollEnd(
  page: Page,
  to: { selector: string } | { y: number } | undefined,
  max: number,
  deadline: Deadline,
): Promise<number> {
  if (to === undefined) return max;
  if ("y" in to) return clamp(to.y, max);
  const element = await findElement(page, to.selector, "scrollTo", deadline);
  const top = (await deadline.race(element.evaluate((e) => e.getBoundingClientRect().top + window.scrollY))) as number;
  return clamp(top, max);
}

class FrameWriter {
  private index = 0;

  constructor(
    private readonly clock: RecordingClock,
    private readonly encoder: FrameEncoder,
    private readonly plan: AnimationPlan,
    private readonly deadline: Deadline,
    private readonly stillAllowed: () => void,
  ) {}

  get frames(): number {
    return this.index;
  }

  /** Captures the next frame at its moment of the recording (and scroll offset). */
  async shoot(scrollY?: number): Promise<void> {
    this.deadline.check();
    await this.clock.pose(this.index * (1000 / this.plan.fps), scrollY);
    const frame = await this.clock.capture();
    // A page that navigated itself somewhere refused is refused, not recorded further (D23).
    this.stillAllowed();
    await this.encoder.write(frame);
    this.index++;
  }

  /** Moves the page without a frame (a step of no duration), at the time of the next frame. */
  async place(scrollY: number): Promise<void> {
    await this.clock.pose(this.index * (1000 / this.plan.fps), scrollY);
  }
}

/** `stillAllowed` throws when the page has left for a refused address (D23); checked after every frame. */
export async function recordFrames(
  page: Page,
  plan: AnimationPlan,
  encoder: FrameEncoder,
  deadline: Deadline,
  stillAllowed: () => void,
): Promise<number> {
  // The scroll's end is found before the clock stops: a selector may still be waited for here.
  const scroll = plan.timeline.kind === "scroll" ? await scrollPlan(page, plan, deadline) : undefined;
  const clock = await RecordingClock.start(page, deadline);
  try {
    const writer = new FrameWriter(clock, encoder, plan, deadline, stillAllowed);
    if (scroll) for (const y of scroll) await writer.shoot(y);
    else await recordSteps(page, plan.timeline as Extract<Timeline, { kind: "steps" }>, plan, writer, deadline);
    return writer.frames;
  } finally {
    clock.stop();
  }
}

async function scrollPlan(page: Page, plan: AnimationPlan, deadline: Deadline): Promise<number[]> {
  const timeline = plan.timeline as Extract<Timeline, { kind: "scroll" }>;
  await deadline.race(page.evaluate(`window.scrollTo({ left: 0, top: 0, behavior: "instant" })`));
  const { max } = await scrollState(page, deadline);
  const end = await scrollEnd(page, timeline.to, max, deadline);
  return scrollOffsets(timeline, 0, end, plan.easing);
}

/**
 * Finds a step's element as the page is at that moment of the recording (no waiting) and, as the
 * step needs, brings it into view (`reveal`) or focuses it; answers its box. Plain source, one
 * round trip; the mouse then moves by DevTools input events (puppeteer's element helpers wait on
 * the page's IntersectionObserver first).
 */
const STEP_TARGET = `(({ selector, reveal, focus }) => {
  let element;
  try { element = document.querySelector(selector); } catch { return "invalid"; }
  if (!element) return "missing";
  let r = element.getBoundingClientRect();
  const visible = r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth;
  if (reveal && !visible) { element.scrollIntoView({ block: "center", behavior: "instant" }); r = element.getBoundingClientRect(); }
  if (focus && typeof element.focus === "function") element.focus();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2, width: r.width, height: r.height, top: r.top + window.scrollY };
})`;

interface StepTarget {
  x: number;
  y: number;
  width: number;
  height: number;
  /** The element's top in document coordinates (CSS px). */
  top: number;
}

async function stepTarget(
  page: Page,
  selector: string,
  param: string,
  options: { reveal?: boolean; focus?: boolean },
  deadline: Deadline,
): Promise<StepTarget> {
  const found = (await deadline.race(page.evaluate(`${STEP_TARGET}(${JSON.stringify({ selector, ...options })})`))) as
    StepTarget | "invalid" | "missing";
  if (found === "invalid") throw new ApiError("invalid_parameter", `${param} is not a valid CSS selector.`, { param });
  if (found === "missing")
    throw new ApiError(
      "selector_not_found",
      `No element matched ${param} (${JSON.stringify(selector)}) when the step ran; add a {"wait": ms} step before it if it appears later.`,
      { param },
    );
  return found;
}

async function recordSteps(
  page: Page,
  timeline: Extract<Timeline, { kind: "steps" }>,
  plan: AnimationPlan,
  writer: FrameWriter,
  deadline: Deadline,
): Promise<void> {
  for (let i = 0; i < timeline.startFrames; i++) await writer.shoot();
  for (const [index, step] of timeline.steps.entries()) {
    const param = `steps[${index}].${step.action === "type" ? "into" : step.action}`;
    const frame = await startStep(page, step, param, plan, deadline);
    if (step.frames === 0) {
      const y = await frame(0, true);
      if (y !== undefined) await writer.place(y);
    }
    for (let k = 0; k < step.frames; k++) await writer.shoot(await frame(k, k === step.frames - 1));
  }
  for (let i = 0; i < timeline.endFrames; i++) await writer.shoot();
}

/**
 * Starts a step (the click or hover happens now, in this frame) and returns what to do for each of
 * its frames: the scroll offset to show, if the step moves the page; `last` completes the step.
 */
async function startStep(
  page: Page,
  step: Step & { frames: number },
  param: string,
  plan: AnimationPlan,
  deadline: Deadline,
): Promise<(k: number, last: boolean) => Promise<number | undefined>> {
  const still = async () => undefined;
  switch (step.action) {
    case "wait":
      return still;
    case "click":
    case "hover": {
      const box = await stepTarget(page, step.selector, param, { reveal: true }, deadline);
      if (box.width < 1 || box.height < 1)
        throw new ApiError(
          "invalid_parameter",
          `${param} matched an element that cannot be ${step.action === "click" ? "clicked" : "hovered"} (hidden, or without a box).`,
          { param },
        );
      await deadline.race(step.action === "click" ? page.mouse.click(box.x, box.y) : page.mouse.move(box.x, box.y));
      return still;
    }
    case "type": {
      await stepTarget(page, step.selector, param, { focus: true }, deadline);
      const characters = [...step.text];
      let typed = 0;
      return async (k, last) => {
        const due = last || step.frames === 0 ? characters.length : charactersTyped(k, step.frames, characters.length);
        if (due > typed) await deadline.race(page.keyboard.type(characters.slice(typed, due).join("")));
        typed = Math.max(typed, due);
        return undefined;
      };
    }
    case "scrollTo": {
      const { max, y: from } = await scrollState(page, deadline);
      const target = step.target;
      const to = clamp(
        "y" in target ? target.y : (await stepTarget(page, target.selector, param, {}, deadline)).top,
        max,
      );
      return async (k) => {
        // A scroll step moves from where the page stands; its first frame already moves.
        const p = step.frames === 0 ? 1 : ease(plan.easing, motionProgress(k, step.frames, true));
        return Math.round(from + (to - from) * p);
      };
    }
  }
}
