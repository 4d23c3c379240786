/** The answers of /v1/sessions (D39): one schema each, for the handlers' types and OpenAPI. */
import { z } from "zod";
import type { EndpointSpec } from "@/lib/api/context";
import { boolParam } from "@/lib/api/params";

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
});

export const createdSessionSchema = sessionSchema.extend({
  connectUrl: z
    .string()
    .describe("The WebSocket URL to give a CDP client (puppeteer's browserWSEndpoint, connectOverCDP). Works once."),
  expiresAt: z.string().describe("connectUrl works until then (ISO 8601)."),
});

export const sessionListSchema = z.object({ sessions: z.array(sessionSchema) });

export type CreatedSessionAnswer = z.output<typeof createdSessionSchema>;

/** POST /v1/sessions's parameters: in the query string, so a POST without a body (as before) still works. */
export const createSessionParams = z.object({
  record: boolParam("record", {
    default: false,
    description:
      "Record the session: once it has ended, its video (GET /v1/sessions/{id}/recording, mp4) and network log (GET /v1/sessions/{id}/network) are downloadable. Also a query parameter of the WebSocket URL.",
    example: "true",
  }),
});

export const createSessionEndpoint = {
  id: "sessions",
  params: createSessionParams,
  extras: "reject",
  validate: () => undefined,
} as const satisfies EndpointSpec<typeof createSessionParams, undefined>;
