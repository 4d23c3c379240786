/**
 * Builders for structured parameters (D19): a map of names to string values (headers, cookies)
 * and a list of strings (URL patterns). In a query string the map is JSON and the list is
 * comma-separated; in a POST body both are plain JSON (lib/api/body.ts turns them back into the
 * query form, so one schema validates both). Messages name the parameter and, for a map, the
 * offending entry's name, never its value: values can be secrets.
 */
import type { PlanId } from "@/lib/plans";
import { fail, raw, register } from "./params";

type MapOptions = {
  description: string;
  plan?: PlanId;
  example?: string;
  /** Longest accepted query value (the JSON text). */
  maxLength: number;
  maxEntries: number;
  /** What is wrong with an entry ("" when fine); gets the name and value, must not echo the value. */
  checkEntry: (name: string, value: string) => string | null;
  /** Secret values: never logged or stored, only their hash is in the cache key. */
  secret?: boolean;
};

/** A JSON object of names to string values, e.g. headers={"X-Token":"…"}; undefined when absent or empty. */
export function jsonMapParam(name: string, o: MapOptions) {
  const { checkEntry, maxEntries, maxLength, secret, ...meta } = o;
  const shape = `${name} must be a JSON object of names to string values, e.g. {"Name":"value"}.`;
  const schema = raw().transform((v, ctx): Record<string, string> | undefined => {
    if (v === undefined || v === "") return undefined;
    if (v.length > maxLength)
      return fail(ctx, "invalid_parameter", `${name} must be at most ${maxLength} characters of JSON.`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(v);
    } catch {
      return fail(ctx, "invalid_parameter", shape);
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
      return fail(ctx, "invalid_parameter", shape);
    const entries = Object.entries(parsed);
    if (entries.length > maxEntries)
      return fail(ctx, "parameter_out_of_range", `${name} may hold at most ${maxEntries} entries.`);
    const out: Record<string, string> = Object.create(null);
    const seen = new Set<string>();
    for (const [key, value] of entries) {
      if (typeof value !== "string")
        return fail(ctx, "invalid_parameter", `${name}: the value of ${JSON.stringify(key)} must be a string.`);
      const problem = checkEntry(key, value);
      if (problem) return fail(ctx, "invalid_parameter", `${name}: ${problem}`);
      if (seen.has(key.toLowerCase()))
        return fail(ctx, "invalid_parameter", `${name}: ${JSON.stringify(key)} is given more than once.`);
      seen.add(key.toLowerCase());
      out[key] = value;
    }
    return entries.length === 0 ? undefined : { ...out };
  });
  return register(schema, {
    kind: "string",
    bodyType: "object",
    max: maxLength,
    pattern: '{"Name":"value",…}',
    ...(secret ? { secret: true, cacheKey: "digest" as const } : {}),
    ...meta,
  });
}

type ListOptions = {
  description: string;
  plan?: PlanId;
  example?: string;
  maxItems: number;
  maxItemLength: number;
  /** What is wrong with an item (quoted in the message: list items are not secret). */
  checkItem?: (item: string) => string | null;
};

/** A comma-separated list of non-empty strings (a JSON array in a POST body); undefined when absent or empty. */
export function stringListParam(name: string, o: ListOptions) {
  const { checkItem, maxItems, maxItemLength, ...meta } = o;
  const maxLength = maxItems * (maxItemLength + 1);
  const schema = raw().transform((v, ctx): string[] | undefined => {
    if (v === undefined || v.trim() === "") return undefined;
    if (v.length > maxLength) return fail(ctx, "invalid_parameter", `${name} must be at most ${maxLength} characters.`);
    const items = v.split(",").map((s) => s.trim());
    if (items.some((s) => s === ""))
      return fail(ctx, "invalid_parameter", `${name} must be a comma-separated list without empty items.`);
    if (items.length > maxItems)
      return fail(ctx, "parameter_out_of_range", `${name} may hold at most ${maxItems} items.`);
    for (const item of items) {
      if (item.length > maxItemLength)
        return fail(ctx, "invalid_parameter", `each item of ${name} must be at most ${maxItemLength} characters.`);
      const problem = checkItem?.(item);
      if (problem) return fail(ctx, "invalid_parameter", `${name}: ${problem}`);
    }
    return [...new Set(items)];
  });
  return register(schema, { kind: "string", bodyType: "array", max: maxLength, pattern: "item,item,…", ...meta });
}
