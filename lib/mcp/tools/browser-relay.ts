/**
 * Browsing across instances (D43): a browsing session's page lives on the instance that opened it,
 * and /mcp is stateless (D25), so an agent's next call may land on any instance. As connectors do
 * (D42, lib/connectors/relay.ts), the instances talk through Redis pub/sub (REDIS_URL): the holder
 * subscribes to `<prefix>browsing:to:<session id>` while the session lives; an instance that gets
 * a call for a live session it does not hold publishes the tool's name, its arguments and the
 * caller's workspace there, and the holder runs the step and publishes the tool's result (or its
 * problem) on `<prefix>browsing:reply:<asking instance>`. The rate window, the key or token and
 * the row's workspace were checked by the asking instance; the holder runs a step only for the
 * session it holds, and only when the workspace named is that session's own (else 404, as for any
 * other workspace), so a forged message reaches no other workspace's page. Nobody subscribed
 * (publish answers 0 receivers: the holder ended it or died) or no answer in time: session_not_live.
 * Without REDIS_URL (one instance, or Upstash, which has no pub/sub) nothing is forwarded.
 */
import "server-only";
import { randomUUID } from "node:crypto";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { Redis } from "ioredis";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { type DrivenSession, heldSession } from "@/lib/sessions/driven";
import { ApiError, problemBody, toApiError, type ProblemBody } from "@/lib/vocabulary/errors";
import { ToolFailure } from "../call";

/** What a browsing tool does with a session it holds: the tool's name → its step. */
export type SessionStep = (s: DrivenSession, args: Record<string, unknown>) => Promise<CallToolResult>;

/** Longer than any step may take (a navigation's 30 s, then settling and the snapshot). */
const ANSWER_MS = 50_000;

interface Forwarded {
  rid: string;
  from: string;
  tool: string;
  workspaceId: string;
  args: Record<string, unknown>;
}

type Reply = { rid: string } & ({ result: CallToolResult } | { problem: ProblemBody });

interface RelayState {
  instance: string;
  pub: Redis;
  sub: Redis;
  prefix: string;
  /** Whether this instance's reply channel is subscribed (awaited before it forwards anything). */
  ready: Promise<boolean>;
  waiting: Map<string, (reply: Reply) => void>;
  steps: Readonly<Record<string, SessionStep>>;
}

// On globalThis: one pair of connections per process, whichever bundle of this module asks first.
const KEY = Symbol.for("glance.mcp.browsingRelay");
const shared = globalThis as { [KEY]?: RelayState | null };

function relay(steps: Readonly<Record<string, SessionStep>>): RelayState | null {
  if (shared[KEY] !== undefined) return shared[KEY];
  const { REDIS_URL, REDIS_PREFIX } = env();
  if (!REDIS_URL) return (shared[KEY] = null);
  const options = { maxRetriesPerRequest: 1, connectTimeout: 5_000 };
  const instance = randomUUID();
  const pub = new Redis(REDIS_URL, options);
  const sub = new Redis(REDIS_URL, options);
  pub.on("error", () => {});
  sub.on("error", () => {});
  const replies = `${REDIS_PREFIX}browsing:reply:${instance}`;
  const state: RelayState = {
    instance,
    pub,
    sub,
    prefix: REDIS_PREFIX,
    ready: sub.subscribe(replies).then(
      () => true,
      (error: unknown) => (log.warn("browsing relay unavailable", { error }), false),
    ),
    waiting: new Map(),
    steps,
  };
  sub.on("message", (channel: string, message: string) => {
    if (channel === replies) onReply(state, message);
    else void serveForwarded(state, channel.slice(`${state.prefix}browsing:to:`.length), message);
  });
  return (shared[KEY] = state);
}

const channelOf = (state: RelayState, sessionId: string) => `${state.prefix}browsing:to:${sessionId}`;

/** Makes a session this instance opened reachable from the others, until it ends. */
export async function holdForOthers(s: DrivenSession, steps: Readonly<Record<string, SessionStep>>): Promise<void> {
  const state = relay(steps);
  if (!state) return;
  const channel = channelOf(state, s.id);
  try {
    await state.sub.subscribe(channel);
  } catch (error) {
    // The session still works for calls that reach this instance.
    log.warn("a browsing session is not reachable from other instances", { error });
    return;
  }
  s.bridge.onEnd(() => void state.sub.unsubscribe(channel).catch(() => {}));
}

const notHeld = (why: string) =>
  new ApiError(
    "session_not_live",
    `This browsing session is held by another instance of the server, which ${why}; open a new one with browser_open.`,
  );

/** A tool call for a session another instance holds: its result there, or that instance's refusal. */
export async function forwardStep(
  steps: Readonly<Record<string, SessionStep>>,
  call: { sessionId: string; tool: string; workspaceId: string; args: Record<string, unknown> },
): Promise<CallToolResult> {
  const state = relay(steps);
  if (!state)
    throw new ApiError(
      "session_not_live",
      "This browsing session is held by another instance of the server; send the call again (browsing needs sticky routing of /mcp without REDIS_URL).",
    );
  if (!(await state.ready)) throw notHeld("cannot be reached now (Redis is unavailable)");
  const rid = randomUUID();
  const forwarded: Forwarded = {
    rid,
    from: state.instance,
    tool: call.tool,
    workspaceId: call.workspaceId,
    args: call.args,
  };
  const reply = await new Promise<Reply | "timeout" | "nobody">((resolve) => {
    const timer = setTimeout(() => settle("timeout"), ANSWER_MS);
    const settle = (r: Reply | "timeout" | "nobody") => {
      clearTimeout(timer);
      state.waiting.delete(rid);
      resolve(r);
    };
    state.waiting.set(rid, settle);
    state.pub.publish(channelOf(state, call.sessionId), JSON.stringify(forwarded)).then(
      (receivers) => receivers === 0 && settle("nobody"),
      () => settle("nobody"),
    );
  });
  if (reply === "nobody") throw notHeld("no longer holds it (it ended, or the instance stopped)");
  if (reply === "timeout") throw notHeld(`did not answer within ${ANSWER_MS / 1000} s`);
  if ("result" in reply) return reply.result;
  // This instance found the row in the caller's workspace: a holder that no longer has the session
  // for it (ended between the two) means it is not live, not that it is another workspace's.
  if (reply.problem.code === "session_not_found") throw notHeld("no longer holds it");
  throw new ToolFailure(reply.problem);
}

function onReply(state: RelayState, message: string): void {
  let reply: Reply;
  try {
    reply = JSON.parse(message) as Reply;
  } catch {
    return;
  }
  if (typeof reply?.rid === "string") state.waiting.get(reply.rid)?.(reply);
}

function parseForwarded(message: string): Forwarded | undefined {
  try {
    const f = JSON.parse(message) as Partial<Forwarded>;
    const fields = [f.rid, f.from, f.tool, f.workspaceId];
    if (!fields.every((v) => typeof v === "string" && v.length > 0 && v.length <= 128)) return undefined;
    if (!f.args || typeof f.args !== "object" || Array.isArray(f.args)) return undefined;
    return f as Forwarded;
  } catch {
    return undefined;
  }
}

/**
 * A call another instance forwarded, run here against the session held here — only for that
 * session's own workspace and only as one of the browsing steps; the answer goes back to the asker.
 */
async function serveForwarded(state: RelayState, sessionId: string, message: string): Promise<void> {
  const asked = parseForwarded(message);
  if (!asked) return;
  let reply: Reply;
  try {
    const step = Object.hasOwn(state.steps, asked.tool) ? state.steps[asked.tool] : undefined;
    if (!step) throw new ApiError("invalid_parameter", `${asked.tool.slice(0, 64)} is not a browsing tool.`);
    if (asked.args.sessionId !== sessionId)
      throw new ApiError("session_not_found", "No browser session with this id for this account.");
    const held = heldSession(asked.workspaceId, sessionId);
    if (!held) throw new ApiError("session_not_found", "No browser session with this id for this account.");
    reply = { rid: asked.rid, result: await step(held, asked.args) };
  } catch (error) {
    const problem = error instanceof ToolFailure ? (error.problem as ProblemBody) : problemBody(toApiError(error));
    reply = { rid: asked.rid, problem };
  }
  await state.pub
    .publish(`${state.prefix}browsing:reply:${asked.from}`, JSON.stringify(reply))
    .catch((error: unknown) => log.warn("could not relay a browsing tool's answer", { error }));
}

/** Closes the relay's connections (shutdown, tests). */
export async function stopBrowsingRelay(): Promise<void> {
  const state = shared[KEY];
  shared[KEY] = undefined;
  if (!state) return;
  await Promise.allSettled([state.pub.quit(), state.sub.quit()]);
}
