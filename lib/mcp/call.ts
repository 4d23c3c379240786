/**
 * A tool call is a request (D25): the tool's arguments become the JSON body (or query) of a
 * request to the endpoint's own route — built from the same spec and handler as /v1, through
 * apiRoute — carrying the caller's credential. Authentication, the schema's 400s, plan gates, key
 * restrictions, the rate limit, the quota, target safety, the request log and the usage chart all
 * happen there, unchanged. What comes back is read here: a 2xx's JSON, or its problem+json as a
 * tool error (isError, with the problem's code and detail), never a protocol error.
 */
import "server-only";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { Caller } from "@/lib/vocabulary/caller";
import { BrandedError } from "@/lib/vocabulary/branded-error";
import { ApiError, problemBody, toApiError, type ProblemBody } from "@/lib/vocabulary/errors";
import { forwardedHeaders } from "./auth";

export type Route = (request: Request) => Promise<Response>;

/** What a tool runs with: the /mcp request (its credential, address and signal) and who sent it. */
export interface ToolContext {
  request: Request;
  caller: Caller;
}

/** A problem+json answer from the endpoint (or raised on the way), carried to the tool result. */
export class ToolFailure extends BrandedError {
  static readonly brand: string = "glance.ToolFailure";
  constructor(readonly problem: Pick<ProblemBody, "status" | "code" | "detail"> & Partial<ProblemBody>) {
    super(problem.detail);
  }
}

/** Arguments as the client sent them: a JSON object, or nothing. */
export function argumentsObject(args: unknown): Record<string, unknown> {
  if (args === undefined || args === null) return {};
  if (typeof args !== "object" || Array.isArray(args))
    throw new ToolFailure(problemBody(new ApiError("invalid_body", "The tool's arguments must be a JSON object.")));
  return { ...(args as Record<string, unknown>) };
}

/** Calls `route` as `path` on this server with `body` as JSON (POST) or `query` (GET); the 2xx JSON, or a ToolFailure. */
export async function callRoute(
  route: Route,
  ctx: ToolContext,
  target: { path: string; body?: Record<string, unknown>; query?: URLSearchParams },
): Promise<Record<string, unknown>> {
  const url = new URL(target.path, ctx.request.url);
  if (target.query) url.search = target.query.toString();
  const headers: Record<string, string> = forwardedHeaders(ctx.request);
  if (target.body) headers["content-type"] = "application/json";
  const response = await route(
    new Request(url, {
      method: target.body ? "POST" : "GET",
      headers,
      body: target.body ? JSON.stringify(target.body) : undefined,
      // The client hanging up stops the render, as a /v1 client's would.
      signal: ctx.request.signal,
    }),
  );
  const text = await response.text();
  if (response.ok) return JSON.parse(text) as Record<string, unknown>;
  let problem: ToolFailure["problem"];
  try {
    problem = JSON.parse(text) as ToolFailure["problem"];
  } catch {
    problem = { status: response.status, code: "internal_error", detail: text.slice(0, 500) };
  }
  const retryAfter = response.headers.get("retry-after");
  if (retryAfter) problem = { ...problem, detail: `${problem.detail} (Retry-After: ${retryAfter} s)` };
  throw new ToolFailure(problem);
}

/** The tool result of a failure: isError with the problem's code and detail first, then the whole problem as JSON. */
export function toolError(error: unknown): CallToolResult {
  const problem = error instanceof ToolFailure ? error.problem : problemBody(toApiError(error));
  const { status, code, detail, param } = problem;
  return {
    isError: true,
    content: [
      { type: "text", text: `${code}: ${detail}${param ? ` (parameter ${param})` : ""}` },
      { type: "text", text: JSON.stringify(problem) },
    ],
    structuredContent: { status, code, detail, ...(param ? { param } : {}) },
  };
}

/** A JSON answer as a text item (what an agent reads), pretty enough to scan. */
export function jsonText(value: unknown): { type: "text"; text: string } {
  return { type: "text", text: JSON.stringify(value, null, 2) };
}
