/**
 * Browsing sessions driven by this server for an agent (the MCP browsing tools, D43): a live
 * session like a CDP client's — its row, the plan's limits, the key checks, its contexts under the
 * guard, session-minutes — with one page of ours in its default context instead of a WebSocket.
 * The agent holds its id and passes it to every tool call; the page lives on the instance that
 * opened it, and a call that reaches another instance is forwarded to it (lib/sessions/relay.ts).
 */
import "server-only";
import type { Page } from "puppeteer-core";
import type { Caller } from "@/lib/vocabulary/caller";
import { ApiError } from "@/lib/vocabulary/errors";
import type { SessionBridge } from "./bridge";
import { openDrivenSession } from "./connect";
import { findSession } from "./store";

export interface DrivenSession {
  id: string;
  userId: string;
  bridge: SessionBridge;
  page: Page;
}

// On globalThis, like the live sessions' map: the /mcp route may be bundled apart from connect.ts.
const DRIVEN_KEY = Symbol.for("glance.sessions.driven");
function driven(): Map<string, DrivenSession> {
  const g = globalThis as typeof globalThis & { [DRIVEN_KEY]?: Map<string, DrivenSession> };
  return (g[DRIVEN_KEY] ??= new Map());
}

/**
 * A new session for the caller of browser_open: opened with the /mcp request's key, or, for an
 * agent connected over OAuth, its connected app (the row names it; disconnecting the app or
 * removing the member who approved it ends the session at the next check).
 */
export async function openBrowsing(caller: Caller): Promise<DrivenSession> {
  const opener = caller.apiKeyId
    ? { apiKeyId: caller.apiKeyId }
    : caller.oauthGrantId
      ? { oauthGrantId: caller.oauthGrantId, userId: caller.userId, plan: caller.plan }
      : undefined;
  if (!opener)
    throw new ApiError(
      "missing_api_key",
      "Browser sessions are opened with an API key or an MCP client's OAuth token.",
    );
  const { id, bridge } = await openDrivenSession(opener);
  let page: Page;
  try {
    page = await bridge.primaryContext().newPage();
  } catch (error) {
    await bridge.end("browserGone");
    throw error;
  }
  const session: DrivenSession = { id, userId: caller.userId, bridge, page };
  driven().set(id, session);
  bridge.onEnd(() => driven().delete(id));
  return session;
}

/** The workspace's browsing session `id` when this instance holds it (a call to it counts as activity). */
export function heldSession(userId: string, id: string): DrivenSession | undefined {
  const held = driven().get(id);
  if (!held || held.userId !== userId || held.bridge.endReason) return undefined;
  held.bridge.touch();
  return held;
}

/**
 * For a session this instance does not hold: 404 for another workspace's or an unknown id, 409
 * session_not_live for an ended one; returns when the row says it is live (on another instance).
 */
export async function refuseUnlessLiveElsewhere(userId: string, id: string): Promise<void> {
  const row = await findSession(userId, id);
  if (!row) throw new ApiError("session_not_found", "No browser session with this id for this account.");
  if (row.status !== "live")
    throw new ApiError(
      "session_not_live",
      `This browsing session has ended (${row.endReason ?? "ended"}); open a new one with browser_open.`,
    );
}
