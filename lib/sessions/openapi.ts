/** /v1/sessions in the OpenAPI document (D39, D31). The WebSocket itself (/v1/browser) is described in its docs page. */
import { pathIdParameter, queryParameters } from "@/lib/api/openapi/params";
import type { ErrorCode } from "@/lib/vocabulary/errors";
import { errorResponses, KEY_ERRORS, RATE_HEADERS } from "@/lib/api/openapi/responses";
import type { EndpointDoc, Parameter, Response, Schema } from "@/lib/api/openapi/types";
import { zodSchema } from "@/lib/api/openapi/zod";
import { createdSessionSchema, createSessionParams, sessionListSchema, sessionSchema } from "./schema";

const ERRORS: readonly ErrorCode[] = [
  ...KEY_ERRORS,
  "unknown_parameter",
  "invalid_parameter",
  "invalid_body",
  "unsupported_media_type",
  "payload_too_large",
  "private_address",
  "proxy_unreachable",
  "plan_upgrade_required",
  "session_not_found",
  "rate_limited",
  "internal_error",
];

const idParameter: Parameter = pathIdParameter("The session's id.", "^bs_[A-Za-z0-9_-]{16}$");

function answer(description: string, schema: string): Response {
  const ref: Schema = { $ref: `#/components/schemas/${schema}` };
  return { description, headers: RATE_HEADERS, content: { "application/json": { schema: ref } } };
}

export function sessionsDoc(appUrl: string): EndpointDoc {
  const tags = ["Browser sessions"];
  const externalDocs = { url: `${appUrl}/docs/sessions` };
  return {
    tags: [
      {
        name: "Browser sessions",
        description:
          "Drive a browser step by step over the Chrome DevTools Protocol: connect puppeteer or Playwright to wss://<host>/v1/browser with the X-API-Key header, or to the connect URL of POST /v1/sessions.",
      },
    ],
    schemas: {
      BrowserSession: zodSchema(sessionSchema),
      CreatedBrowserSession: zodSchema(createdSessionSchema),
      BrowserSessionList: zodSchema(sessionListSchema),
    },
    paths: {
      "/v1/sessions": {
        post: {
          operationId: "createSession",
          tags,
          externalDocs,
          summary: "A single-use connect URL for a CDP client that cannot set headers",
          description:
            "The connectUrl works once, until expiresAt (a minute). The plan's concurrent sessions, idle time and maximum length apply from the moment a client connects. With record=true the session's video and network log are kept after it ends. " +
            "With proxy (Starter and up) every page of the session goes through your own proxy: it is checked now (a proxy at a private address is 400 private_address), kept sealed until the connect URL is used, and reached once when the client connects (an unreachable proxy or refused credentials refuse the connection with 400 proxy_unreachable or proxy_auth_failed). " +
            "The parameters may also be sent as a JSON body (Content-Type: application/json), which keeps the proxy's credentials out of URLs.",
          parameters: queryParameters(createSessionParams),
          responses: {
            "201": answer("The session, waiting for its client.", "CreatedBrowserSession"),
            ...errorResponses(ERRORS),
          },
        },
        get: {
          operationId: "listSessions",
          tags,
          summary: "The account's browser sessions, newest first (the latest 100)",
          responses: { "200": answer("The sessions.", "BrowserSessionList"), ...errorResponses(ERRORS) },
        },
      },
      "/v1/sessions/{id}": {
        get: {
          operationId: "getSession",
          tags,
          summary: "A browser session",
          description: "Only the caller's account's sessions: any other id is 404 session_not_found.",
          parameters: [idParameter],
          responses: { "200": answer("The session.", "BrowserSession"), ...errorResponses(ERRORS) },
        },
        delete: {
          operationId: "deleteSession",
          tags,
          summary: "End a browser session (its client sees the WebSocket close with code 4004)",
          parameters: [idParameter],
          responses: { "204": { description: "Ended.", headers: RATE_HEADERS }, ...errorResponses(ERRORS) },
        },
      },
    },
  };
}
