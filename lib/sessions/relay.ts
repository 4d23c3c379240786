/**
 * Live sessions across instances (D39, D43): a session's browser lives on the instance that opened
 * it, and a request about it may land on any instance. As connectors do (D42), the instances talk
 * through pub/sub (REDIS_URL or Upstash, lib/redis/pubsub.ts): the holder subscribes to
 * `<prefix>browsing:to:<session id>` while the session lives; an instance that gets a request for
 * a live session it does not hold publishes a step's name, its arguments and the caller's
 * workspace there, and the holder runs the step and publishes its answer (or its problem) on
 * `<prefix>browsing:reply:<asking instance>`. The names and the message are the MCP browsing
 * relay's, which this generalises, so instances of either version understand each other.
 *
 * The asking instance has checked the caller (credential, rate window, the row in the caller's
 * workspace). The holder runs only a registered step, only on the session of the channel, and only
 * when the workspace named is that session's own (else 404 session_not_found, as for any other
 * workspace): a message forged on Redis reaches no other workspace's session. Nobody subscribed
 * (publish answers 0 receivers: the session ended or its instance died), no answer in time, Redis
 * unreachable, or no Redis at all (one instance): the asker is told which, and words it.
 */
import "server-only";
import { randomUUID } from "node:crypto";
import { log } from "@/lib/log";
import { BrandedError } from "@/lib/vocabulary/branded-error";
import { ApiError, ERROR_CODES, problemBody, toApiError, type ProblemBody } from "@/lib/vocabulary/errors";
import type { SessionBridge } from "./bridge";
import { getPubSub, type PubSub } from "@/lib/redis/pubsub";

interface HeldSession {
  id: string;
  workspaceId: string;
  bridge: SessionBridge;
}

/** What a problem says over the relay (an MCP tool's failure carries no more). */
type RelayedProblem = Pick<ProblemBody, "status" | "code" | "detail"> & Partial<ProblemBody>;

/** What a held session does when another instance asks: its answer must be JSON. */
export type RelayStep = (held: HeldSession, args: Record<string, unknown>) => Promise<unknown>;

/** A step's refusal that goes back exactly as it is (by default a thrown error becomes its problem). */
export class StepProblem extends BrandedError {
  static readonly brand: string = "glance.StepProblem";
  constructor(readonly problem: RelayedProblem) {
    super(problem.detail);
  }
}

/** The holder's answer, or why there is none. */
type Forwarded =
  { result: unknown } | { problem: RelayedProblem } | { unreached: "no relay" | "unavailable" | "nobody" | "timeout" };

interface Asked {
  rid: string;
  from: string;
  /** The step's name (`tool` in the MCP browsing relay's message, kept). */
  tool: string;
  workspaceId: string;
  args: Record<string, unknown>;
}

type Reply = { rid: string } & ({ result: unknown } | { problem: RelayedProblem });

interface RelayState {
  instance: string;
  pubsub: PubSub;
  /** Whether this instance's reply channel is subscribed (awaited before it forwards anything). */
  ready: Promise<boolean>;
  waiting: Map<string, (reply: Reply) => void>;
  held: Map<string, HeldSession>;
}

// On globalThis: one relay per process, whichever bundle of this module asks first (Next bundles
// the upgrade handler and each route apart), and one registry of steps that all of them fill.
const STATE = Symbol.for("glance.sessions.relay");
const STEPS = Symbol.for("glance.sessions.relaySteps");
const shared = globalThis as { [STATE]?: RelayState | null; [STEPS]?: Map<string, RelayStep> };
const steps = () => (shared[STEPS] ??= new Map());

/** Makes `step` something a held session does when another instance asks for it by `name`. */
export function registerRelayStep(name: string, step: RelayStep): void {
  steps().set(name, step);
}

function relay(): RelayState | null {
  if (shared[STATE] !== undefined) return shared[STATE];
  const pubsub = getPubSub();
  if (!pubsub) return (shared[STATE] = null);
  const instance = randomUUID();
  const state: RelayState = {
    instance,
    pubsub,
    ready: Promise.resolve(false),
    waiting: new Map(),
    held: new Map(),
  };
  state.ready = pubsub
    .subscribe(repliesTo(instance), (message) => onReply(state, message))
    .then(
      () => true,
      (error: unknown) => (log.warn("session relay unavailable", { error }), false),
    );
  return (shared[STATE] = state);
}

const channelOf = (sessionId: string) => `browsing:to:${sessionId}`;
const repliesTo = (instance: string) => `browsing:reply:${instance}`;

/**
 * Makes a session this instance opened reachable from the others until it ends; returns once it
 * is (a session's id may be used on another instance as soon as its opener has it).
 */
export async function holdForOthers(held: HeldSession): Promise<void> {
  const state = relay();
  if (!state) return;
  const channel = channelOf(held.id);
  state.held.set(held.id, held);
  held.bridge.onEnd(() => {
    state.held.delete(held.id);
    void state.pubsub.unsubscribe(channel);
  });
  try {
    await state.pubsub.subscribe(channel, (message) => void serveAsked(state, held.id, message));
  } catch (error) {
    // The session still works for requests that reach this instance.
    log.warn("a live session is not reachable from other instances", { error });
  }
}

/** A step for a session another instance holds: its answer there, its refusal, or why neither came. */
export async function forwardStep(
  call: { sessionId: string; step: string; workspaceId: string; args: Record<string, unknown> },
  answerMs: number,
): Promise<Forwarded> {
  const state = relay();
  if (!state) return { unreached: "no relay" };
  if (!(await state.ready)) return { unreached: "unavailable" };
  const rid = randomUUID();
  const asked: Asked = {
    rid,
    from: state.instance,
    tool: call.step,
    workspaceId: call.workspaceId,
    args: call.args,
  };
  return new Promise<Forwarded>((resolve) => {
    const timer = setTimeout(() => settle({ unreached: "timeout" }), answerMs);
    const settle = (answer: Forwarded) => {
      clearTimeout(timer);
      state.waiting.delete(rid);
      resolve(answer);
    };
    state.waiting.set(rid, (reply) =>
      settle("result" in reply ? { result: reply.result } : { problem: reply.problem }),
    );
    state.pubsub.publish(channelOf(call.sessionId), JSON.stringify(asked)).then(
      (receivers) => receivers === 0 && settle({ unreached: "nobody" }),
      () => settle({ unreached: "nobody" }),
    );
  });
}

/** A refusal from the holder as this instance's own error (its code, detail and parameter). */
export function problemError(problem: RelayedProblem): ApiError {
  if (!Object.hasOwn(ERROR_CODES, problem.code)) return toApiError(problem);
  return new ApiError(problem.code, problem.detail, problem.param ? { param: problem.param } : {});
}

function onReply(state: RelayState, message: string): void {
  let reply: Reply;
  try {
    reply = JSON.parse(message) as Reply;
  } catch {
    return;
  }
  if (typeof reply?.rid !== "string") return;
  if ("result" in reply || typeof reply.problem?.code === "string") state.waiting.get(reply.rid)?.(reply);
}

function parseAsked(message: string): Asked | undefined {
  try {
    const a = JSON.parse(message) as Partial<Asked>;
    const fields = [a.rid, a.from, a.tool, a.workspaceId];
    if (!fields.every((v) => typeof v === "string" && v.length > 0 && v.length <= 128)) return undefined;
    if (!a.args || typeof a.args !== "object" || Array.isArray(a.args)) return undefined;
    return a as Asked;
  } catch {
    return undefined;
  }
}

function problemOf(error: unknown): RelayedProblem {
  if (error instanceof StepProblem) return error.problem;
  if (!(error instanceof ApiError)) log.error("a step asked by another instance failed", { error });
  return problemBody(toApiError(error));
}

/**
 * A step another instance asked for, run here on the session held here — only a registered step,
 * only for that session's own workspace; the answer goes back to the asker.
 */
async function serveAsked(state: RelayState, sessionId: string, message: string): Promise<void> {
  const asked = parseAsked(message);
  if (!asked) return;
  let reply: Reply;
  try {
    const step = steps().get(asked.tool);
    if (!step) throw new ApiError("invalid_parameter", `${asked.tool.slice(0, 64)} is not a step of a live session.`);
    const held = state.held.get(sessionId);
    if (!held || held.workspaceId !== asked.workspaceId || held.bridge.endReason)
      throw new ApiError("session_not_found", "No browser session with this id for this account.");
    reply = { rid: asked.rid, result: await step(held, asked.args) };
  } catch (error) {
    reply = { rid: asked.rid, problem: problemOf(error) };
  }
  await state.pubsub
    .publish(repliesTo(asked.from), JSON.stringify(reply))
    .catch((error: unknown) => log.warn("could not relay a session step's answer", { error }));
}

/** Drops the relay's subscriptions (shutdown, tests); the shared pub/sub is closed with closePubSub. */
export async function stopSessionRelay(): Promise<void> {
  const state = shared[STATE];
  shared[STATE] = undefined;
  if (!state) return;
  const channels = [repliesTo(state.instance), ...[...state.held.keys()].map(channelOf)];
  await Promise.allSettled(channels.map((channel) => state.pubsub.unsubscribe(channel)));
}
