/**
 * Browsing across instances (D43): a browsing session's page lives on the instance that opened it,
 * and /mcp is stateless (D25), so an agent's next call may land on any instance. The session relay
 * of lib/sessions/relay.ts carries it: every live session is held for the other instances, and the
 * browsing tools' steps are registered with it here, by tool name. A forwarded call runs only on
 * the session its arguments name (the channel's), only for the session's own workspace (checked
 * there and again here), and only if the session is a browsing one. The asking side words why a
 * call could not reach its session as the browsing tools do (open a new one with browser_open).
 */
import "server-only";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { type DrivenSession, heldSession } from "@/lib/sessions/driven";
import { forwardStep as forward, registerRelayStep, StepProblem } from "@/lib/sessions/relay";
import { ApiError } from "@/lib/vocabulary/errors";
import { ToolFailure } from "../call";

/** What a browsing tool does with a session it holds. */
export type SessionStep = (s: DrivenSession, args: Record<string, unknown>) => Promise<CallToolResult>;

/** Longer than any step may take (a navigation's 30 s, then settling and the snapshot). */
const ANSWER_MS = 50_000;

const notFound = () => new ApiError("session_not_found", "No browser session with this id for this account.");

/** Makes the tool `name`'s step runnable by other instances on a browsing session this one holds. */
export function relayBrowsingStep(name: string, step: SessionStep): void {
  registerRelayStep(name, async (held, args) => {
    if (args.sessionId !== held.id) throw notFound();
    const driven = heldSession(held.workspaceId, held.id);
    if (!driven) throw notFound();
    try {
      return await step(driven, args);
    } catch (error) {
      throw error instanceof ToolFailure ? new StepProblem(error.problem) : error;
    }
  });
}

const notHeld = (why: string) =>
  new ApiError(
    "session_not_live",
    `This browsing session is held by another instance of the server, which ${why}; open a new one with browser_open.`,
  );

/** A tool call for a session another instance holds: its result there, or that instance's refusal. */
export async function forwardStep(call: {
  sessionId: string;
  tool: string;
  workspaceId: string;
  args: Record<string, unknown>;
}): Promise<CallToolResult> {
  const { sessionId, tool, workspaceId, args } = call;
  const answer = await forward({ sessionId, step: tool, workspaceId, args }, ANSWER_MS);
  if ("result" in answer) return answer.result as CallToolResult;
  if ("problem" in answer) {
    // This instance found the row in the caller's workspace: a holder that no longer has the session
    // for it (ended between the two) means it is not live, not that it is another workspace's.
    if (answer.problem.code === "session_not_found") throw notHeld("no longer holds it");
    throw new ToolFailure(answer.problem);
  }
  switch (answer.unreached) {
    case "no relay":
      throw new ApiError(
        "session_not_live",
        "This browsing session is held by another instance of the server; send the call again (browsing needs sticky routing of /mcp without Redis: REDIS_URL or Upstash).",
      );
    case "unavailable":
      throw notHeld("cannot be reached now (Redis is unavailable)");
    case "nobody":
      throw notHeld("no longer holds it (it ended, or the instance stopped)");
    case "timeout":
      throw notHeld(`did not answer within ${ANSWER_MS / 1000} s`);
  }
}
