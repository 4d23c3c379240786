/**
 * A session of ours on each of a live session's pages (D39), for what the client must not do
 * itself and never sees: answering the guard proxy's challenge with its token (NET_GUARD_TOKEN:
 * a guard that remote browsers reach beyond loopback, D16), as a render's pages do (lib/net
 * answerGuardChallenge), and answering requests on the origins the workspace's connectors
 * declared through them (D42), as a render's page guard does. Every other request goes on to
 * the guard proxy untouched, which refuses private addresses as before — another workspace's
 * connector origin included. The client's own interception (Fetch on its sessions) is untouched.
 */
import type { Browser, CDPSession, Target } from "puppeteer-core";
import { connectorRoutes } from "@/lib/net/connector-registry";
import { connectorClaim, connectorRefusal, throughConnector } from "@/lib/net/connector-route";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { problemBody } from "@/lib/vocabulary/errors";
import { send } from "./cdp";

/** How long a new target may take to be reported before the client gets it anyway. */
const REPORT_WAIT_MS = 2_000;

interface PausedRequest {
  requestId: string;
  request: { url: string; method: string; headers: Record<string, string>; postData?: string; hasPostData?: boolean };
}

/** The request through the workspace's connector when one declared its origin; true when it was. */
async function routeThroughConnector(session: CDPSession, workspaceId: string, paused: PausedRequest) {
  const { requestId, request } = paused;
  const claimed = await connectorClaim(workspaceId, request.url);
  if (!claimed) return false;
  let body = request.postData;
  if (body === undefined && request.hasPostData) {
    body = await send(session, "Fetch.getRequestPostData", { requestId }).then(
      (r) => (r as { postData: string }).postData,
      () => undefined,
    );
  }
  const outcome = await throughConnector(workspaceId, claimed.origin, claimed.claim, {
    method: request.method,
    url: request.url,
    headers: request.headers,
    ...(body !== undefined ? { body: Buffer.from(body, "utf8") } : {}),
  });
  // A connector that could not answer is the client's 502, naming it, as a render's would be.
  const {
    status,
    headers,
    body: answer,
  } = "answer" in outcome
    ? outcome.answer
    : (() => {
        const error = connectorRefusal({ origin: claimed.origin, name: claimed.claim.name, ...outcome.failure });
        return {
          status: error.status,
          headers: { "content-type": "application/problem+json", "cache-control": "no-store" },
          body: Buffer.from(JSON.stringify(problemBody(error))),
        };
      })();
  await send(session, "Fetch.fulfillRequest", {
    requestId,
    responseCode: status,
    responseHeaders: Object.entries(headers).map(([name, value]) => ({ name, value })),
    body: answer.toString("base64"),
  });
  return true;
}

/** The credentials a page answers a proxy challenge with: the customer's route's, or the guard token's. */
type ProxyCredentials = { username: string; password: string };

async function watchPage(session: CDPSession, proxy: ProxyCredentials | undefined, workspaceId: string | undefined) {
  session.on("Fetch.requestPaused", (paused: PausedRequest) => {
    const routed = workspaceId ? routeThroughConnector(session, workspaceId, paused) : Promise.resolve(false);
    void routed
      .catch((error: unknown) => {
        log.warn("session page: connector routing failed", { error });
        return false;
      })
      .then((done) => done || send(session, "Fetch.continueRequest", { requestId: paused.requestId }))
      .catch(() => {});
  });
  session.on("Fetch.authRequired", ({ requestId, authChallenge }) => {
    const response =
      authChallenge.source === "Proxy" && proxy
        ? { response: "ProvideCredentials", ...proxy }
        : { response: "Default" };
    void send(session, "Fetch.continueWithAuth", { requestId, authChallengeResponse: response }).catch(() => {});
  });
  await send(session, "Fetch.enable", { handleAuthRequests: Boolean(proxy), patterns: [{ urlPattern: "*" }] });
}

/**
 * Starts watching every page target of the contexts `owns` names, from now until the returned
 * stop function is called: when the guard has a token or the session goes through a customer's
 * proxy (D41: `proxyCredentials`, its route's), or when `workspaceId` has connectors that declared
 * origins as the page opens (otherwise the page's requests are not paused at all).
 * `ready(targetId)` resolves once a page is watched (a new target is handed to the client then).
 */
export function watchSessionPages(
  browser: Browser,
  owns: (browserContextId: string) => boolean,
  { workspaceId, proxyCredentials }: { workspaceId?: string; proxyCredentials?: ProxyCredentials },
): { ready(targetId: string): Promise<void>; stop(): void } {
  const token = env().NET_GUARD_TOKEN;
  const proxy = proxyCredentials ?? (token ? { username: "glance", password: token } : undefined);
  const hasConnectors = () => Boolean(workspaceId && connectorRoutes()?.declaredOrigins(workspaceId)?.size);
  const answered = new Map<string, Promise<void>>();
  const waiting = new Map<string, () => void>();
  const onTarget = (target: Target) => {
    const contextId = target.browserContext().id;
    if (target.type() !== "page" || !contextId || !owns(contextId)) return;
    const targetId = (target as unknown as { _targetId: string })._targetId;
    const routing = hasConnectors() ? workspaceId : undefined;
    if (!proxy && !routing) {
      answered.set(targetId, Promise.resolve());
      return void waiting.get(targetId)?.();
    }
    const setUp = target
      .createCDPSession()
      .then((session) => watchPage(session, proxy, routing))
      .catch((error: unknown) => log.warn("session page: network watch not set", { error }));
    answered.set(targetId, setUp);
    waiting.get(targetId)?.();
  };
  browser.on("targetcreated", onTarget);
  return {
    ready: async (targetId) => {
      // Puppeteer reports the target just after Chromium answers Target.createTarget.
      if (!answered.has(targetId)) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, REPORT_WAIT_MS);
          waiting.set(targetId, () => (clearTimeout(timer), resolve()));
        });
        waiting.delete(targetId);
      }
      await answered.get(targetId);
    },
    stop: () => void browser.off("targetcreated", onTarget),
  };
}
