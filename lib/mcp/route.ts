/**
 * /mcp (D25): the Model Context Protocol over Streamable HTTP, stateless, answered as JSON.
 *
 *   POST    the address's keyless window (D4), one count per JSON-RPC message, so a batch of 100
 *           calls costs what 100 requests do → authenticate (Bearer or X-API-Key; a 401 counts
 *           against the failed-authentication window and says how to authenticate) → a server
 *           and transport of the request's own → JSON-RPC answer. Each tool call inside runs
 *           its endpoint's core with the caller authenticated here (lib/mcp/call.ts, D35).
 *   GET     405: there is no server-to-client stream without sessions (the transport allows it).
 *   DELETE  405: no session to end.
 */
import "server-only";
import { MAX_BATCH_SIZE, readRequestBody } from "@modelcontextprotocol/sdk/server/requestBody.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { Caller } from "@/lib/vocabulary/caller";
import { ApiError, problemResponse, toApiError } from "@/lib/vocabulary/errors";
import { checkAnonymousLimit, rateLimitHeaders, type RateState } from "@/lib/api/rate-limit";
import { requestIdFor, withHeaders } from "@/lib/api/request";
import { log } from "@/lib/log";
import { authenticateMcp, hasCredential, refuseOAuthOnAnotherHost } from "./auth";
import { oauthUrls } from "./oauth/metadata";
import { createMcpServer } from "./server";

/** How to authenticate, on every 401 (RFC 6750, RFC 9728): where to find the authorization server. */
function challenge(request: Request): string {
  const refused = hasCredential(request) ? ', error="invalid_token"' : "";
  return `Bearer realm="glance", resource_metadata="${oauthUrls().resourceMetadata}"${refused}`;
}

/**
 * How many JSON-RPC messages the body holds: each of a batch (the transport refuses more than
 * MAX_BATCH_SIZE), else one. Read from a copy, within the transport's own size bound; the
 * transport reads the body itself and answers a body it cannot parse.
 */
async function messageCount(request: Request): Promise<number> {
  try {
    const body = await readRequestBody(request.clone());
    const parsed: unknown = body.tooLarge ? undefined : JSON.parse(body.text);
    return Array.isArray(parsed) ? Math.min(Math.max(parsed.length, 1), MAX_BATCH_SIZE) : 1;
  } catch {
    return 1;
  }
}

async function addressWindow(
  request: Request,
  kind: "keyless" | "failedAuth",
  weight = 1,
): Promise<RateState | undefined> {
  try {
    return await checkAnonymousLimit(request, kind, { weight });
  } catch (error) {
    if (error instanceof ApiError && error.code === "rate_limited") throw error;
    // A counter store that is down must not take the endpoint down with it.
    log.warn("mcp rate window unavailable", { error });
    return undefined;
  }
}

export async function handleMcpPost(request: Request): Promise<Response> {
  const started = performance.now();
  const requestId = requestIdFor(request);
  let rate: RateState | undefined;
  let caller: Caller | undefined;
  let response: Response;
  try {
    rate = await addressWindow(request, "keyless", await messageCount(request));
    refuseOAuthOnAnotherHost(request);
    caller = await authenticateMcp(request, new URL(request.url));
    const server = createMcpServer({ caller, signal: request.signal });
    const transport = new WebStandardStreamableHTTPServerTransport({ enableJsonResponse: true });
    await server.connect(transport);
    try {
      response = await transport.handleRequest(request);
    } finally {
      await server.close();
    }
  } catch (error) {
    let apiError = toApiError(error);
    if (!caller && apiError.status === 401) {
      try {
        rate = await addressWindow(request, "failedAuth");
      } catch (limited) {
        apiError = toApiError(limited);
      }
    }
    if (apiError.status >= 500 && !request.signal.aborted)
      log.error("mcp request failed", { requestId, code: apiError.code, error });
    response = problemResponse(
      apiError,
      requestId,
      apiError.status === 401 ? { "WWW-Authenticate": challenge(request) } : {},
    );
  }
  response = withHeaders(response, { "X-Request-Id": requestId, ...(rate ? rateLimitHeaders(rate) : {}) });
  log.info("request", {
    requestId,
    endpoint: "mcp",
    path: "/mcp",
    status: response.status,
    ms: Math.round(performance.now() - started),
    userId: caller?.userId,
  });
  return response;
}

export function mcpMethodNotAllowed(request: Request): Response {
  const requestId = requestIdFor(request);
  return problemResponse(
    new ApiError("method_not_allowed", `${request.method} is not supported: this MCP server is stateless; use POST.`),
    requestId,
    { Allow: "POST, OPTIONS", "X-Request-Id": requestId },
  );
}

export function mcpOptions(request: Request): Response {
  return new Response(null, {
    status: 204,
    headers: { Allow: "POST, OPTIONS", "X-Request-Id": requestIdFor(request) },
  });
}
