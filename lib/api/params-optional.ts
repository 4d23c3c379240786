/**
 * Builders for parameters that have no default: absent means "not asked for" (a resize, a
 * shorter cache lifetime). They register their metadata in lib/api/params' registry exactly like
 * the builders there, so docs, playground, OpenAPI, gates and cache keys read them the same way.
 * (Kept apart from lib/api/params.ts only to keep each file small.)
 */
import { z } from "zod";
import { paramRegistry, type ParamIssueCode, type ParamMeta, type QueryParam } from "@/lib/api/params";

type Ctx = z.core.$RefinementCtx<string | undefined>;

function fail(ctx: Ctx, code: ParamIssueCode, message: string): never {
  ctx.addIssue({ code: "custom", message, params: { code } });
  return z.NEVER as never;
}

type Common = Pick<ParamMeta, "description" | "plan" | "pdfOnly" | "example" | "cacheKey">;

/** A whole number in [min, max], or undefined when the parameter is absent or empty. */
export function optionalIntParam(
  name: string,
  o: Common & { min: number; max: number },
): QueryParam<number | undefined> {
  const schema = z
    .string()
    .optional()
    .transform((v, ctx): number | undefined => {
      if (v === undefined || v === "") return undefined;
      if (!/^\d+$/.test(v))
        return fail(ctx, "invalid_parameter", `${name} must be a whole number (plain decimal digits).`);
      const n = Number(v);
      if (n < o.min || n > o.max)
        return fail(ctx, "parameter_out_of_range", `${name} must be between ${o.min} and ${o.max}.`);
      return n;
    });
  paramRegistry.add(schema, { kind: "integer", ...o });
  return schema as QueryParam<number | undefined>;
}
