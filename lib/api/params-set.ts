/**
 * A parameter that names several of a fixed list of values, e.g. formats=markdown,links (D24):
 * comma-separated in a query, a JSON array of strings in a POST body (D19). It registers its
 * metadata in lib/api/params' registry like every builder, with `valuePlans` for values that need
 * a plan of their own, which lib/api/gates.ts, the docs, the playground and OpenAPI read.
 * The value comes back without duplicates and in the list's order, so `links,markdown` and
 * `markdown,links` are one cache key (D6).
 */
import type { PlanId } from "@/lib/plans";
import { fail, type QueryParam, raw, register } from "./params";

export function setParam<const V extends readonly [string, ...string[]]>(
  name: string,
  o: {
    values: V;
    default: readonly V[number][];
    valuePlans?: Partial<Record<V[number], PlanId>>;
    description: string;
    example?: string;
  },
): QueryParam<V[number][]> {
  const schema = raw().transform((v, ctx): V[number][] => {
    if (v === undefined || v.trim() === "") return [...o.default];
    const items = v.split(",").map((item) => item.trim().toLowerCase());
    const unknown = items.find((item) => !(o.values as readonly string[]).includes(item));
    if (unknown !== undefined)
      return fail(
        ctx,
        "invalid_parameter",
        `${name} must be a comma-separated list of: ${o.values.join(", ")} (got ${JSON.stringify(unknown.slice(0, 32))}).`,
      );
    return o.values.filter((value) => items.includes(value));
  }) as QueryParam<V[number][]>;
  return register(schema, {
    kind: "set",
    bodyType: "array",
    values: o.values,
    default: o.default.join(","),
    pattern: "value,value,…",
    description: o.description,
    ...(o.valuePlans ? { valuePlans: o.valuePlans } : {}),
    ...(o.example ? { example: o.example } : {}),
  });
}
