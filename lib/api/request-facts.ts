/**
 * What the request log keeps of a request's own parameters (D18, D33), taken from the query the
 * pipeline parsed: the pipeline's step, since the endpoint's schema decides what is redacted; the
 * usage writer (lib/usage/record.ts) only stores the result.
 */
import type { z } from "zod";
import { redactedPairs } from "@/lib/api/redact";
import type { UsageEventInput } from "@/lib/usage/record";

/** The request's own parameters as the log keeps them (D33). */
export type RequestFacts = Pick<UsageEventInput, "format" | "targetUrl" | "params">;

const MAX_PARAMS = 40;
const MAX_VALUE = 500;

/**
 * Format, target and parameters of a request, bounded in size, redacted by the endpoint's schema
 * (lib/api/redact.ts): the key and a signature left out, every secret field — at any depth, a
 * job's headers and cookies too — named as sent, never kept (D18, D19).
 */
export function requestFacts(query: URLSearchParams, schema: z.ZodObject): RequestFacts {
  const params: Record<string, string> = {};
  let count = 0;
  for (const [name, kept] of redactedPairs(query, schema)) {
    if (Object.hasOwn(params, name) || count >= MAX_PARAMS) continue;
    params[name.slice(0, 64)] = kept.length > MAX_VALUE ? `${kept.slice(0, MAX_VALUE)}…` : kept;
    count += 1;
  }
  const url = query.get("url") ?? undefined;
  return {
    format: query.get("format")?.slice(0, 16) || undefined,
    targetUrl: url ? url.slice(0, 2048) : undefined,
    params,
  };
}
