/**
 * The WebSocket side of live sessions (D39): `GET /v1/browser` with `Upgrade: websocket`, as the
 * production server hands it over (scripts/server.ts; a Next route cannot take an upgrade). The
 * caller is authenticated as the API does — X-API-Key (or api_key) — or by the single-use token
 * of a connect URL from POST /v1/sessions; refusals are problem+json answers before the upgrade.
 * Then the plan's concurrent-session limit, a browser of the shared fleet, and the bridge.
 */
import "server-only";
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer } from "ws";
import { ApiError, problemBody, reasonPhrase, toApiError } from "@/lib/vocabulary/errors";
import { browserSource, Deadline, isShuttingDown, SHUTDOWN_RETRY_AFTER_S } from "@/lib/browser";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { PLANS, planAtLeast } from "@/lib/plans";
import { pinProxyUrl } from "@/lib/net/proxy/address";
import { proxyFailureError } from "@/lib/net/proxy/errors";
import { openProxyRoute, type ProxyRoute } from "@/lib/net/proxy/route-guard";
import { ProxyFailure, probeProxy } from "@/lib/net/proxy/upstream";
import { reportSessionMinutes } from "@/lib/billing/session-meter";
import { type Admitted, authenticate, type DrivenOpener, drivenAdmission, type SessionAccount } from "./admission";
import { SessionBridge } from "./bridge";
import type { CloseReason } from "./close-reasons";
import { publishUpgradeHandler } from "./upgrade-hook";
import { recordEnd } from "./ending";
import { SAVE_PROFILE_STEP, saveHeldProfile } from "./profile-relay";
import { recordSession } from "./recording";
import { holdForOthers, registerRelayStep } from "./relay";
import { SESSION_PROXY_PLAN } from "./schema";
import { startSessionSweeper } from "./sweeper";
import { countLiveSessions, heartbeat } from "./store";

export type { DrivenOpener } from "./admission";

export const BROWSER_PATH = "/v1/browser";
/** The largest CDP message a client may send (a page's HTML set with Page.setDocumentContent, a file). */
const MAX_CLIENT_MESSAGE_BYTES = 32 * 1024 * 1024;
/** Time to get a browser before the connection is refused with 502. */
const BROWSER_WAIT_MS = 15_000;

const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_CLIENT_MESSAGE_BYTES });

// Every live session saves a profile when another instance asks (D43): they are all held for the
// others (holdForOthers below), and this module is loaded wherever one is opened.
registerRelayStep(SAVE_PROFILE_STEP, saveHeldProfile);

// This instance's live sessions, on globalThis: the route handlers that end one (DELETE) may run
// in another bundle of this module than the upgrade handler (Next bundles routes separately).
const LIVE_KEY = Symbol.for("glance.sessions.live");
function live(): Map<string, SessionBridge> {
  const g = globalThis as typeof globalThis & { [LIVE_KEY]?: Map<string, SessionBridge> };
  return (g[LIVE_KEY] ??= new Map());
}

/** Ends every session this instance holds (shutdown): each client sees why, each row says so. */
export async function endLiveSessions(): Promise<void> {
  await Promise.all([...live().values()].map((bridge) => bridge.end("shutdown")));
}

/** The bridge of a session held by this instance, if it is. */
export function liveSession(id: string): SessionBridge | undefined {
  return live().get(id);
}

function refuseUpgrade(socket: Duplex, error: ApiError): void {
  const body = JSON.stringify(problemBody(error));
  const headers = {
    "Content-Type": "application/problem+json",
    "Cache-Control": "no-store",
    "Content-Length": String(Buffer.byteLength(body)),
    Connection: "close",
    ...error.headers,
  };
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  socket.end(`HTTP/1.1 ${error.status} ${reasonPhrase(error.status)}\r\n${head}\r\n${body}`);
}

/**
 * Takes an upgrade request if it is for /v1/browser (answers true), whatever becomes of it;
 * answers false for any other path, which the server then refuses.
 */
export function handleSessionUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
  const url = new URL(req.url ?? "/", "http://glance.invalid");
  if (url.pathname !== BROWSER_PATH) return false;
  socket.on("error", () => {});
  void admit(req, socket, head, url);
  return true;
}

/** Makes /v1/browser reachable through the production server (called once at start-up). */
export function installSessionEndpoint(): void {
  publishUpgradeHandler(handleSessionUpgrade);
  // Sessions of an instance that died are ended and metered by the others (and by this one's start).
  startSessionSweeper();
}

function refuseWhenShuttingDown(): void {
  if (!isShuttingDown()) return;
  throw new ApiError(
    "shutting_down",
    "This instance is shutting down. Please connect again: another instance will take the session.",
    { headers: { "Retry-After": String(SHUTDOWN_RETRY_AFTER_S) } },
  );
}

function refuseProxyBelowPlan(owner: SessionAccount): void {
  if (planAtLeast(owner.plan, SESSION_PROXY_PLAN)) return;
  throw new ApiError("plan_upgrade_required", `proxy requires the ${PLANS[SESSION_PROXY_PLAN].name} plan or higher.`, {
    param: "proxy",
  });
}

/**
 * The plan's concurrent-session limit, a browser of the shared fleet, and a bridge on it; with a
 * proxy (POST /v1/sessions's or the connect URL's, D41), the customer's proxy pinned and reached
 * once first (the boundary's 400s, and a proxy that is down or refuses its credentials named as
 * the renders name it, before any browser is taken) and a route through it for the session's life.
 */
async function openBridge(admitted: Admitted): Promise<SessionBridge> {
  const { proxy } = admitted;
  refuseWhenShuttingDown();
  const limits = PLANS[admitted.owner.plan].browserSessions;
  if ((await countLiveSessions(admitted.owner.userId, admitted.sessionId)) >= limits.concurrent) {
    throw new ApiError(
      "session_limit",
      `The ${PLANS[admitted.owner.plan].name} plan allows ${limits.concurrent} live browser sessions at once.`,
    );
  }
  if (proxy) refuseProxyBelowPlan(admitted.owner);
  const pinned = proxy ? await pinProxyUrl(proxy) : undefined;
  if (pinned) await probeProxy(pinned).catch(rethrowNamed);
  const browser = await browserSource().acquire(new Deadline(BROWSER_WAIT_MS));
  let route: ProxyRoute | undefined;
  try {
    if (pinned) route = await openProxyRoute(pinned);
    const bridge = await SessionBridge.open(browser, {
      commandTimeoutMs: limits.maxMinutes * 60_000,
      workspaceId: admitted.owner.userId,
      ...(route ? { route } : {}),
    });
    if (admitted.record) recordSession(browser, bridge, admitted.sessionId, admitted.owner.plan);
    return bridge;
  } catch (error) {
    route?.close();
    throw error;
  }
}

/** A proxy's failure as the problem a render would answer with (400 proxy_unreachable, proxy_auth_failed…). */
function rethrowNamed(error: unknown): never {
  throw error instanceof ProxyFailure ? proxyFailureError(error) : error;
}

async function admit(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL): Promise<void> {
  let admitted: Admitted | undefined;
  let bridge: SessionBridge;
  try {
    refuseWhenShuttingDown();
    admitted = await authenticate(req, url);
    bridge = await openBridge(admitted);
  } catch (error) {
    const apiError = toApiError(error);
    if (apiError.code === "internal_error") log.error("session could not start", { error });
    if (admitted) await recordEnd(admitted.sessionId, "refused", false).catch(() => {});
    return refuseUpgrade(socket, apiError);
  }
  // Before the client has the session: its id may be used on another instance right away.
  await holdForOthers({ id: admitted.sessionId, workspaceId: admitted.owner.userId, bridge });
  const live = admitted;
  sockets.handleUpgrade(req, socket, head, (ws) => {
    bridge.connect(ws);
    watch(bridge, live);
  });
}

/**
 * A session with no WebSocket, driven by this server (the MCP browsing tools, D43): the same row,
 * plan limits, credential checks, contexts and metering as one a CDP client opens.
 */
export async function openDrivenSession(opener: DrivenOpener): Promise<{ id: string; bridge: SessionBridge }> {
  const admitted = await drivenAdmission(opener);
  let bridge: SessionBridge;
  try {
    bridge = await openBridge(admitted);
  } catch (error) {
    await recordEnd(admitted.sessionId, "refused", false).catch(() => {});
    throw error;
  }
  watch(bridge, admitted);
  await holdForOthers({ id: admitted.sessionId, workspaceId: admitted.owner.userId, bridge });
  return { id: admitted.sessionId, bridge };
}

/** The row's end with, once per session, its minutes (usage, request log), then Stripe's meter if billing is on. */
async function endAndMeter(sessionId: string, reason: CloseReason): Promise<void> {
  try {
    if (await recordEnd(sessionId, reason)) await reportSessionMinutes();
  } catch (error) {
    log.warn("could not record a session's end", { error });
  }
}

/** The plan's limits and the periodic checks (key or connected app still usable, no DELETE), then the row's end. */
function watch(bridge: SessionBridge, { owner, sessionId, recheck }: Admitted): void {
  const limits = PLANS[owner.plan].browserSessions;
  live().set(sessionId, bridge);
  const maxTimer = setTimeout(() => void bridge.end("maxLength"), limits.maxMinutes * 60_000);
  const check = setInterval(() => {
    if (bridge.idleMs() > limits.idleMinutes * 60_000) return void bridge.end("idle");
    recheck().then(
      () =>
        heartbeat(sessionId).then(
          (endRequested) => endRequested && void bridge.end("deleted"),
          (error) => log.warn("session heartbeat failed", { error }),
        ),
      (error) => {
        if (error instanceof ApiError) void bridge.end("revoked");
      },
    );
  }, env().SESSION_CHECK_MS);
  bridge.onEnd((reason: CloseReason) => {
    clearTimeout(maxTimer);
    clearInterval(check);
    live().delete(sessionId);
    void endAndMeter(sessionId, reason);
  });
}
