/**
 * Connector routes in the network guard (D42), kept apart from the guard's own checks: a render
 * of a workspace whose request (target, subresource, redirect, navigation) is on an origin one of
 * that workspace's connectors declared is answered through the connector, by request interception
 * (`respond`, at the guard's priority); every other request meets the guard exactly as before.
 * The connectors themselves (sockets, other instances) are lib/connectors, which publishes its
 * routes here at start-up: lib/net imports nothing of it.
 */
import type { HTTPRequest } from "puppeteer-core";
import { ApiError } from "@/lib/vocabulary/errors";
import { connectorRoutes as routes, type ConnectorClaim, type ForwardRequest } from "./connector-registry";
import { assertPublicTarget } from "./target";

export type { ConnectorClaim, ConnectorRoutes, ForwardAnswer, ForwardRequest } from "./connector-registry";
export { publishConnectorRoutes } from "./connector-registry";

function originOf(raw: string): string | undefined {
  try {
    const url = new URL(raw);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

function connectorOffline(name: string, origin: string, param = "url"): ApiError {
  return new ApiError(
    "connector_offline",
    `The connector "${name}" that serves ${origin} for this workspace is offline: start it again (npm run connector) and retry.`,
    { param },
  );
}

/**
 * The early target check with connectors: a URL on an origin the workspace's online connector
 * serves passes (its address is the customer's network, not ours); one whose connector is offline
 * is 502 `connector_offline` at once, naming it; any other URL is assertPublicTarget's.
 */
export async function assertReachableTarget(
  url: string,
  workspaceId: string | undefined,
  param = "url",
): Promise<void> {
  const origin = originOf(url);
  const claim = origin && workspaceId ? await routes()?.claim(workspaceId, origin) : undefined;
  if (!claim) {
    await assertPublicTarget(url, param);
    return;
  }
  if (!claim.online) throw connectorOffline(claim.name, origin!, param);
}

/** The answer to a main document a connector did not deliver: 502, naming the connector. */
export function connectorRefusal(failure: ConnectorFailure, param = "url"): ApiError {
  if (failure.offline) return connectorOffline(failure.name, failure.origin, param);
  return new ApiError(
    "connector_failed",
    `The connector "${failure.name}" that serves ${failure.origin} did not deliver the page: ${failure.message}.`,
    { param },
  );
}

/** Why a request through a connector was not answered, when it was the main document. */
export interface ConnectorFailure {
  origin: string;
  name: string;
  offline: boolean;
  message: string;
}

/** Headers a fulfilled answer must not carry: they describe the connector's hop, not the page. */
const DROPPED = new Set(["content-length", "content-encoding", "transfer-encoding", "connection", "keep-alive"]);
const REQUEST_TIMEOUT_MS = 30_000;

/** What a connector made of one request: its answer, or why there is none. */
export type ConnectorOutcome =
  | { answer: { status: number; headers: Record<string, string>; body: Buffer } }
  | { failure: { offline: boolean; message: string } };

/**
 * One request on an origin `claim` names, through the workspace's connector: the answer with the
 * connector's hop headers dropped, or why not (offline, or the connector failed). Shared by the
 * render's page guard, a live session's pages (lib/sessions) and the map's plain fetches
 * (fetch.ts), D42.
 */
export async function throughConnector(
  workspaceId: string,
  origin: string,
  claim: ConnectorClaim,
  request: ForwardRequest,
  timeoutMs = REQUEST_TIMEOUT_MS,
): Promise<ConnectorOutcome> {
  const table = routes();
  if (!table || !claim.online) return { failure: { offline: true, message: "offline" } };
  try {
    const answer = await table.forward(workspaceId, origin, request, timeoutMs);
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(answer.headers)) if (!DROPPED.has(k.toLowerCase())) headers[k] = v;
    return { answer: { status: answer.status, headers, body: answer.body } };
  } catch (error) {
    return { failure: { offline: false, message: error instanceof Error ? error.message : String(error) } };
  }
}

/** Which connector of the workspace answers for this URL's origin, if one declared it. */
export async function connectorClaim(
  workspaceId: string,
  url: string,
): Promise<{ origin: string; claim: ConnectorClaim } | undefined> {
  const table = routes();
  const origin = originOf(url);
  if (!table || !origin) return undefined;
  const claim = await table.claim(workspaceId, origin).catch(() => undefined);
  return claim && { origin, claim };
}

/**
 * The per-page part (page-guard.ts calls `route` first on each request once a render names its
 * workspace): true when the request was the connector's to answer — answered, or refused when the
 * connector could not — false for any request the guard decides as usual.
 */
export function connectorRouting(workspaceId: string, isMainDocument: (request: HTTPRequest) => boolean) {
  const claims = new Map<string, Promise<ConnectorClaim | undefined>>();
  let mainFailure: ConnectorFailure | undefined;
  return {
    mainFailure: () => mainFailure,
    async route(request: HTTPRequest, priority: number): Promise<boolean> {
      const table = routes();
      const origin = originOf(request.url());
      if (!table || !origin) return false;
      let claim = claims.get(origin);
      if (!claim) claims.set(origin, (claim = table.claim(workspaceId, origin).catch(() => undefined)));
      const found = await claim;
      if (!found) return false;
      const body = request.hasPostData() ? await request.fetchPostData().catch(() => undefined) : undefined;
      const outcome = await throughConnector(workspaceId, origin, found, {
        method: request.method(),
        url: request.url(),
        headers: request.headers(),
        ...(body !== undefined ? { body: Buffer.from(body, "utf8") } : {}),
      });
      if ("failure" in outcome) {
        const { offline, message } = outcome.failure;
        if (isMainDocument(request)) mainFailure ??= { origin, name: found.name, offline, message };
        await request.abort(offline ? "connectionrefused" : "failed", priority).catch(() => {});
        return true;
      }
      if (request.isInterceptResolutionHandled()) return true;
      await request.respond(outcome.answer, priority).catch(() => {});
      return true;
    },
  };
}
export type ConnectorRouting = ReturnType<typeof connectorRouting>;
