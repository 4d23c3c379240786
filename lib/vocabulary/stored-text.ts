/**
 * Text PostgreSQL can store (D1, D18): its `text` and `jsonb` refuse the NUL character (U+0000),
 * and UTF-8 has no form for a lone UTF-16 surrogate (what a JSON body's "\ud800" decodes to), so
 * either one in a parameter made the insert fail — a 500 for that request, and, in a batched
 * write such as the request log's, the loss of every other row of the batch. Input that is stored
 * is refused at the edge with a 400 naming the field (`storedText` in the zod schemas, the query
 * parser for every API parameter); what must be kept although it holds such a character (the
 * request log records refused requests too) is made storable with `storableText`.
 */
import { z } from "zod";

// U+FFFD, the replacement character: what a decoder puts where it met something it cannot represent.
const REPLACEMENT = "\uFFFD";

/** The sentence a refusal ends with; the caller names the field. */
export const UNSTORABLE_TEXT = "must not contain NUL characters (U+0000) or unpaired UTF-16 surrogates";

/** True when PostgreSQL can store the text as it is: no NUL, no lone surrogate. */
export function isStorableText(value: string): boolean {
  return !value.includes("\u0000") && value.isWellFormed();
}

/** The text with each NUL and lone surrogate replaced by U+FFFD; the same string when there is none. */
export function storableText(value: string): string {
  return isStorableText(value) ? value : value.toWellFormed().replaceAll("\u0000", REPLACEMENT);
}

/** Every string in a JSON-like value made storable (keys too), for a jsonb column. */
export function storableJson(value: unknown): unknown {
  if (typeof value === "string") return storableText(value);
  if (Array.isArray(value)) return value.map(storableJson);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [storableText(k), storableJson(v)]));
}

/**
 * A string schema for text that is stored: `inner` (default `z.string()`) behind a check that
 * refuses NUL and lone surrogates with "<field> must not contain…". Every zod schema whose
 * strings reach the database uses it (the dashboard's form fields through `text()`, the studio's
 * names and sources, monitors' fields through the API's query parser).
 */
export function storedText<T extends z.ZodType<unknown, string>>(field: string, inner: T): z.ZodPipe<z.ZodString, T>;
export function storedText(field: string): z.ZodString;
export function storedText(field: string, inner?: z.ZodType<unknown, string>): z.ZodType {
  const checked = z.string().refine(isStorableText, `${field} ${UNSTORABLE_TEXT}.`);
  return inner ? checked.pipe(inner) : checked;
}
