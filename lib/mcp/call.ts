/**
 * A tool call runs the endpoint's core (runEndpoint, D25, D35) with the caller the /mcp request
 * authenticated — once per /mcp request, not again per call — and the tool's arguments as the
 * endpoint's parameters (the JSON body a POST would carry, or a query). The schema's 400s, plan
 * gates, key restrictions, the account's rate limit (each call counts, D25), the quota, target
 * safety, the result store and the request log (via mcp or mcp-oauth, D33) are the endpoint's,
 * unchanged. What comes back is the endpoint's typed result: its JSON document, or its refusal
 * as a tool error (isError, with the problem's code and detail), never a protocol error.
 */
import "server-only";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { z } from "zod";
import { objectAsQuery } from "@/lib/api/body";
import type { EndpointSpec, Handler } from "@/lib/api/context";
import type { Caller } from "@/lib/vocabulary/caller";
import { BrandedError } from "@/lib/vocabulary/branded-error";
import { ApiError, problemBody, toApiError, type ProblemBody } from "@/lib/vocabulary/errors";
import { checkRateLimit } from "@/lib/api/rate-limit";
import { requestIdFrom } from "@/lib/api/request-id";
import { runEndpoint } from "@/lib/api/run-endpoint";

/** What a tool runs with: who sent the /mcp request (authenticated once) and its signal (the client hanging up stops the render). */
export interface ToolContext {
  caller: Caller;
  signal: AbortSignal;
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

/**
 * Runs the endpoint for the tool's caller with `body` (a JSON body's fields) or `query`, at
 * `path` when the endpoint reads an id from it; its JSON document, or a ToolFailure.
 */
export async function callEndpoint<S extends z.ZodObject, V>(
  spec: EndpointSpec<S, V>,
  handler: Handler<z.output<S>, V>,
  ctx: ToolContext,
  target: { body?: Record<string, unknown>; query?: URLSearchParams; path?: string },
): Promise<Record<string, unknown>> {
  const { caller } = ctx;
  const requestId = requestIdFrom(null);
  const result = await runEndpoint(spec, handler, {
    caller,
    input: () =>
      Promise.resolve(target.body ? bodyAsQuery(spec, target.body) : (target.query ?? new URLSearchParams())),
    signal: ctx.signal,
    requestId,
    ...(target.path ? { path: target.path } : {}),
    // Every tool call is a request of the account's window: a batch of 100 is 100 requests (D25).
    admit: async () => {
      await checkRateLimit(caller);
    },
    record: { via: caller.via ?? "mcp" },
  });
  if (result.ok) {
    if (result.outcome.kind === "json") return result.outcome.body as Record<string, unknown>;
    throw new ToolFailure(
      problemBody(new ApiError("internal_error", "The endpoint did not answer with JSON."), requestId),
    );
  }
  const problem: ToolFailure["problem"] = problemBody(result.error, requestId);
  const retryAfter = result.error.headers["Retry-After"];
  throw new ToolFailure(
    retryAfter ? { ...problem, detail: `${problem.detail} (Retry-After: ${retryAfter} s)` } : problem,
  );
}

/** The arguments as a POST body of the endpoint would be read (D19), within the same size limit. */
function bodyAsQuery(spec: EndpointSpec, body: Record<string, unknown>): URLSearchParams {
  const maxBytes = spec.jsonBody?.maxBytes;
  if (maxBytes !== undefined && Buffer.byteLength(JSON.stringify(body)) > maxBytes)
    throw new ApiError("payload_too_large", `The JSON body must be at most ${maxBytes / 1024 / 1024} MiB.`);
  return objectAsQuery(body, spec.params);
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
