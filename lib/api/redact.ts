/**
 * A request's parameters as they may be recorded (the request log, D18; D19's promise that secret
 * parameters are never logged or stored): redacted by the endpoint's own schema, before it has
 * validated anything — a refused request is logged too. Every field the schema marks `secret` is
 * left out, at any depth: a structured field that `holds` other schemas' parameters (a job's
 * `params`, a bulk's `jobs`) is read as JSON and walked with those schemas, so a secret field added
 * to any endpoint is redacted wherever it travels, with nothing else to change.
 */
import type { z } from "zod";
import { describeParams, type HeldSchema, type ParamMeta } from "./params";

/** What the log shows for a secret the customer sent (headers, cookies): that it was sent. */
const NOT_KEPT = "(sent, not kept)";
/** A structured value that may hold secrets but is not JSON cannot be walked, so it is not kept. */
const NOT_JSON = "(not valid JSON, not kept)";

/**
 * The API key by its query name: authentication reads it whatever the endpoint's schema says, so it
 * is never recorded even where the schema has no such field (a POST's query, D19).
 */
const CREDENTIAL_NAMES: ReadonlySet<string> = new Set(["api_key"]);

type Fields = ReadonlyMap<string, Readonly<ParamMeta>>;

/** The fields of several schemas by name; a name secret in any of them is secret (a job's type may be unknown yet). */
function fieldsOf(schemas: readonly HeldSchema[]): Fields {
  const fields = new Map<string, ParamMeta>();
  for (const schema of schemas) {
    for (const field of describeParams(schema as z.ZodObject)) {
      const known = fields.get(field.name);
      const holds = [known?.holds, field.holds].filter((h) => h !== undefined);
      fields.set(field.name, {
        ...field,
        secret: Boolean(known?.secret || field.secret),
        holds: holds.length > 0 ? () => holds.flatMap((h) => h()) : undefined,
      });
    }
  }
  return fields;
}

/** A JSON value with every secret of `fields` (and of the schemas its fields hold) replaced by NOT_KEPT. */
function redactJson(value: unknown, fields: Fields, depth: number): unknown {
  if (depth > 8) return NOT_KEPT;
  if (Array.isArray(value)) return value.map((item) => redactJson(item, fields, depth + 1));
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [name, inner] of Object.entries(value)) {
    const field = fields.get(name);
    if (field?.secret || CREDENTIAL_NAMES.has(name)) out[name] = NOT_KEPT;
    else if (field?.holds) out[name] = redactHeld(inner, field.holds(), depth + 1);
    else out[name] = inner;
  }
  return out;
}

/** A field that holds other schemas' parameters: JSON text (a query's form) or the JSON itself (nested). */
function redactHeld(value: unknown, schemas: readonly HeldSchema[], depth: number): unknown {
  let json = value;
  if (typeof value === "string") {
    try {
      json = JSON.parse(value);
    } catch {
      return NOT_JSON;
    }
  }
  return redactJson(json, fieldsOf(schemas), depth);
}

/**
 * The pairs of a request's query form (a GET's query, a POST's body as lib/api/body.ts turns it
 * into one) as they may be recorded: credentials and signatures left out, secrets as NOT_KEPT,
 * held parameters redacted inside their JSON text (kept as JSON text). Unknown names are kept:
 * the log shows the typo that made a request fail.
 */
export function redactedPairs(query: URLSearchParams, schema: z.ZodObject): Array<[string, string]> {
  const fields = fieldsOf([schema]);
  const out: Array<[string, string]> = [];
  for (const [name, value] of query) {
    const field = fields.get(name);
    // The caller's own credentials (the key, a signed URL's signature) are not even named.
    if (CREDENTIAL_NAMES.has(name) || (field?.secret && (field.credential || field.signing))) continue;
    if (field?.secret) out.push([name, NOT_KEPT]);
    else if (field?.holds) {
      const redacted = redactHeld(value, field.holds(), 0);
      out.push([name, typeof redacted === "string" ? redacted : JSON.stringify(redacted)]);
    } else out.push([name, value]);
  }
  return out;
}
