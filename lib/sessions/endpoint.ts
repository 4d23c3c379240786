/**
 * POST /v1/sessions (a connect URL for clients that cannot set headers), GET /v1/sessions, GET
 * and DELETE /v1/sessions/{id} (D39). The sessions themselves live on the WebSocket
 * (connect.ts); these read and end their rows.
 */
import "server-only";
import type { ApiContext, EndpointSpec } from "@/lib/api/context";
import { ApiError } from "@/lib/vocabulary/errors";
import { noParamsEndpoint, type NoParams } from "@/lib/api/no-params";
import { emptyOutcome, type EmptyOutcome, jsonOutcome, type JsonOutcome } from "@/lib/api/outcome";
import { env } from "@/lib/env";
import { BROWSER_PATH, liveSession } from "./connect";
import { createSessionParams, type CreatedSessionAnswer } from "./schema";
import type { z } from "zod";
import { checkSessionProxy, sealSessionProxy } from "./session-proxy";
import { createPendingSession, findSession, listSessions, requestEnd } from "./store";

export const sessionsEndpoint = noParamsEndpoint("sessions");

/** A session's creation takes at most this JSON body (two short fields). */
const CREATE_BODY_MAX_BYTES = 16 * 1024;

export const createSessionEndpoint = {
  id: "sessions",
  params: createSessionParams,
  extras: "reject",
  validate: () => undefined,
  // The proxy (a secret) belongs in a body; a POST without Content-Type keeps its query (as before).
  jsonBody: { maxBytes: CREATE_BODY_MAX_BYTES, optional: true },
} as const satisfies EndpointSpec<typeof createSessionParams, undefined>;

/** How long a connect URL works. */
const CONNECT_TOKEN_TTL_MS = 60_000;
/** GET /v1/sessions lists this many, newest first. */
const LISTED = 100;
const NO_STORE = { "Cache-Control": "no-store" };
const ID = /^\/v1\/sessions\/([^/]+)\/?$/;

function notFound(): ApiError {
  return new ApiError("session_not_found", "No browser session with this id for this account.");
}

function callerKey(ctx: ApiContext<unknown>): { userId: string; apiKeyId: string } {
  const { userId, apiKeyId } = ctx.caller;
  if (!apiKeyId) throw new ApiError("missing_api_key", "Browser sessions are opened with an API key.");
  return { userId, apiKeyId };
}

function idOf(ctx: ApiContext<NoParams>): string {
  const id = ID.exec(ctx.path)?.[1];
  if (!id) throw notFound();
  return decodeURIComponent(id);
}

export async function handleCreateSession(
  ctx: ApiContext<z.output<typeof createSessionParams>>,
): Promise<JsonOutcome<CreatedSessionAnswer>> {
  const key = callerKey(ctx);
  const { proxy, record } = ctx.params;
  // The proxy's address is checked here, after the rate limit (it costs a DNS lookup), as a
  // render's is in its prepare step: a refused proxy is a 400 before any row exists.
  if (proxy) await checkSessionProxy(proxy);
  const proxySealed = proxy ? await sealSessionProxy(proxy, key.userId) : undefined;
  const owner = { ...key, record, ...(proxySealed ? { proxySealed } : {}) };
  const { id, secret, expiresAt } = await createPendingSession(owner, CONNECT_TOKEN_TTL_MS);
  const url = new URL(BROWSER_PATH, env().APP_URL);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  url.searchParams.set("session", id);
  url.searchParams.set("token", secret);
  const view = await findSession(ctx.caller.userId, id);
  const body: CreatedSessionAnswer = { ...view!, connectUrl: url.toString(), expiresAt: expiresAt.toISOString() };
  return jsonOutcome(body, { status: 201, headers: NO_STORE });
}

export async function handleListSessions(ctx: ApiContext<NoParams>): Promise<JsonOutcome> {
  return jsonOutcome({ sessions: await listSessions(ctx.caller.userId, LISTED) }, { headers: NO_STORE });
}

export async function handleGetSession(ctx: ApiContext<NoParams>): Promise<JsonOutcome> {
  const session = await findSession(ctx.caller.userId, idOf(ctx));
  if (!session) throw notFound();
  return jsonOutcome(session, { headers: NO_STORE });
}

export async function handleDeleteSession(ctx: ApiContext<NoParams>): Promise<EmptyOutcome> {
  const id = idOf(ctx);
  if (!(await requestEnd(ctx.caller.userId, id))) throw notFound();
  // Held by this instance: ended now; by another, at its next check (SESSION_CHECK_MS).
  await liveSession(id)?.end("deleted");
  return emptyOutcome(204, NO_STORE);
}
