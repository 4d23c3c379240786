/**
 * POST bodies (D19): one JSON object whose fields are the endpoint's parameters, turned into the
 * query form so the endpoint's one schema validates it exactly as it validates a query string
 * (a GET query and a POST body mean the same thing). Scalars become their text; a list parameter
 * (clip, margin) may be a JSON array of numbers, a structured one (bodyType) a JSON object or
 * array of strings. Only `api_key` may stay in a POST's query: anything else there would be a
 * second, unsigned source of parameters (and signed URLs sign the query, not a body).
 */
import type { z } from "zod";
import { ApiError } from "@/lib/vocabulary/errors";
import { describeParams } from "./params";
import { isStorableText, UNSTORABLE_TEXT } from "@/lib/vocabulary/stored-text";

/** Reads at most `maxBytes` of the body; more is a 413 without reading the rest. */
async function readCapped(request: Request, maxBytes: number): Promise<string> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

function tooLarge(maxBytes: number): ApiError {
  return new ApiError("payload_too_large", `The JSON body must be at most ${maxBytes / 1024 / 1024} MiB.`);
}

function asQueryValue(
  name: string,
  value: unknown,
  bodyType: "object" | "array" | "json" | "list" | undefined,
): string | undefined {
  const wrong = (expected: string) =>
    new ApiError("invalid_parameter", `${name} must be ${expected} in a JSON body.`, { param: name });
  if (value === null || value === undefined) return undefined;
  if (bodyType === "json") return JSON.stringify(value);
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") {
    if (bodyType === "object" || bodyType === "array")
      throw wrong(bodyType === "object" ? "a JSON object" : "a JSON array of strings");
    return String(value);
  }
  if (Array.isArray(value)) {
    if (bodyType === "list" && value.every((v) => typeof v === "number")) return value.join(",");
    if (bodyType === "array" && value.every((v) => typeof v === "string" && !v.includes(","))) return value.join(",");
    throw wrong(
      bodyType === "list"
        ? "an array of numbers"
        : bodyType === "array"
          ? "an array of strings without commas"
          : "a string, number or boolean",
    );
  }
  if (typeof value === "object" && bodyType === "object") return JSON.stringify(value);
  throw wrong(bodyType === "object" ? "a JSON object" : "a string, number or boolean");
}

/**
 * The parameters of a POST as the query parser takes them: the JSON body's fields plus the query's
 * api_key. Throws 415 (not JSON), 413 (over `maxBytes`), 400 invalid_body (not one JSON object,
 * or other query parameters). `bodyOptional` (an endpoint that took query parameters on POST before
 * it took a body, POST /v1/sessions): an empty body means the query holds the parameters, whatever
 * Content-Type says — several HTTP clients label an empty POST application/json.
 */
export async function paramsFromJsonBody(
  request: Request,
  url: URL,
  schema: z.ZodObject,
  maxBytes: number,
  bodyOptional = false,
): Promise<URLSearchParams> {
  const type = request.headers.get("content-type")?.split(";")[0].trim().toLowerCase();
  // Read once, here, only where an empty body has a meaning of its own.
  const optionalText = bodyOptional && type ? await readCapped(request, maxBytes) : undefined;
  if (bodyOptional && (!type || optionalText!.trim() === "")) return url.searchParams;
  if (type !== "application/json") {
    throw new ApiError(
      "unsupported_media_type",
      `A POST body must be application/json, not ${type ? type.slice(0, 80) : "a body without Content-Type"}.`,
    );
  }
  const stray = [...url.searchParams.keys()].find((name) => name !== "api_key");
  if (stray !== undefined) {
    throw new ApiError(
      "invalid_body",
      `On POST, parameters go in the JSON body; only api_key may be in the query (found ${stray.slice(0, 64)}).`,
      { param: stray.slice(0, 64) },
    );
  }
  const text = optionalText ?? (await readCapped(request, maxBytes));
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError("invalid_body", "The body is not valid JSON.");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new ApiError("invalid_body", "The body must be one JSON object whose fields are the parameters.");
  }
  return objectAsQuery(body as Record<string, unknown>, schema, url.searchParams);
}

/**
 * One JSON object's fields in query form for `schema`: a POST body (above), or the `params` of an
 * async job (D20), so a job's parameters mean exactly what the same body means to the endpoint.
 */
export function objectAsQuery(
  body: Record<string, unknown>,
  schema: z.ZodObject,
  base?: URLSearchParams,
): URLSearchParams {
  const kinds = new Map(
    describeParams(schema).map((f) => [f.name, f.bodyType ?? (f.kind === "list" ? ("list" as const) : undefined)]),
  );
  const out = new URLSearchParams(base);
  for (const [name, value] of Object.entries(body)) {
    // Authentication has already read the header or the query: a key in the body would be ignored.
    if (name === "api_key")
      throw new ApiError("invalid_body", "api_key goes in the X-API-Key header (or the query), not the body.", {
        param: "api_key",
      });
    // Unknown names pass through as text, so the query parser's unknown_parameter 400 names them.
    const text = kinds.has(name)
      ? asQueryValue(name, value, kinds.get(name))
      : typeof value === "string"
        ? value
        : JSON.stringify(value);
    // Checked before URLSearchParams, which would quietly turn a lone surrogate into U+FFFD: a value
    // is stored as it was sent or refused (D1); the query parser refuses a NUL the same way.
    if (!isStorableText(name) || (text !== undefined && !isStorableText(text))) {
      const shown = isStorableText(name) ? name.slice(0, 64) : JSON.stringify(name.slice(0, 64));
      throw new ApiError("invalid_parameter", `${shown} ${UNSTORABLE_TEXT}.`, { param: shown });
    }
    if (text !== undefined) out.append(name, text);
  }
  return out;
}
