/** The answers of /v1/sessions (D39): one schema each, for the handlers' types and OpenAPI. */
import { z } from "zod";
import { boolParam, stringParam } from "@/lib/api/params";
import { parseProxyUrl } from "@/lib/net/proxy/syntax";
import type { PlanId } from "@/lib/plans";

/**
 * The plan a session's proxy needs (D41): the proxy field's of the screenshot schema
 * (lib/page/params-proxy.ts, which lib/sessions may not import); tests/integration/sessions/proxy.test.ts
 * checks they agree.
 */
export const SESSION_PROXY_PLAN: PlanId = "starter";

export const sessionSchema = z.object({
  id: z.string().describe("The session's id."),
  status: z
    .enum(["waiting", "live", "ended"])
    .describe("waiting: created, no client connected yet; live: a client is connected; ended: over."),
  createdAt: z.string().describe("When the session was created (ISO 8601)."),
  startedAt: z.string().nullable().describe("When its client connected."),
  endedAt: z.string().nullable().describe("When it ended."),
  endReason: z
    .string()
    .nullable()
    .describe(
      "Why it ended: client, browserClose, maxLength, idle, revoked, deleted, browserGone, shutdown, refused, expired (never connected) or lost (its instance stopped).",
    ),
  proxy: z
    .boolean()
    .describe("Whether the session goes through your own proxy (never which one: the proxy URL is a secret)."),
});

export const createdSessionSchema = sessionSchema.extend({
  connectUrl: z
    .string()
    .describe("The WebSocket URL to give a CDP client (puppeteer's browserWSEndpoint, connectOverCDP). Works once."),
  expiresAt: z.string().describe("connectUrl works until then (ISO 8601)."),
});

export const sessionListSchema = z.object({ sessions: z.array(sessionSchema) });

export type CreatedSessionAnswer = z.output<typeof createdSessionSchema>;

/**
 * POST /v1/sessions's parameters: a JSON body, or the query string of a POST without one (as
 * before, so a POST without a body still works).
 */
export const createSessionParams = z.object({
  record: boolParam("record", {
    default: false,
    description:
      "Record the session: once it has ended, its video (GET /v1/sessions/{id}/recording, mp4) and network log (GET /v1/sessions/{id}/network) are downloadable. Also a query parameter of the WebSocket URL.",
    example: "true",
  }),
  proxy: stringParam("proxy", {
    maxLength: 1_024,
    plan: SESSION_PROXY_PLAN,
    secret: true,
    pattern: "http://user:pass@host:port | socks5://user:pass@host:port",
    check: (value) => {
      const parsed = parseProxyUrl(value);
      return typeof parsed === "string" ? parsed : null;
    },
    description:
      "Your own proxy for the session's traffic: `http://user:pass@host:port` (HTTP CONNECT) or `socks5://user:pass@host:port`, " +
      "as on the render endpoints. Kept sealed until the connect URL is used, then held in memory for the session's life. " +
      "It must be at a public address; it is reached once when the client connects, and an unreachable proxy or refused " +
      "credentials refuse the connection (400 proxy_unreachable, proxy_auth_failed). Secret: never logged, stored in clear " +
      "or returned; send it in a JSON body (Content-Type: application/json) to keep it out of URLs.",
  }),
});
