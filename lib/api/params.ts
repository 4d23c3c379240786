/**
 * Builders for query parameters. Each builder returns a zod schema that turns the raw query
 * string (or undefined) into a typed value, and registers a description of the parameter in
 * `paramRegistry`. Validation, plan gates, docs tables, the playground form, the OpenAPI document
 * and the cache key all read that one schema, so nothing about a parameter is written twice.
 */
import { z } from "zod";
import type { PlanId } from "@/lib/plans";

type ParamKind = "string" | "integer" | "number" | "boolean" | "enum" | "url" | "list" | "set";

export interface ParamMeta {
  kind: ParamKind;
  description: string;
  required?: boolean;
  default?: string | number | boolean;
  min?: number;
  max?: number;
  values?: readonly string[];
  /** Lowest plan allowed to set this parameter to a non-default value (D3). */
  plan?: PlanId;
  /** Values that need a plan of their own (D3): an output format's `plan` (lib/formats.ts), a set parameter's (formats=screenshot, D24). */
  valuePlans?: Readonly<Partial<Record<string, PlanId>>>;
  /** Only meaningful for format=pdf. */
  pdfOnly?: boolean;
  /** Human description of a structured string, e.g. "x,y,w,h". */
  pattern?: string;
  example?: string;
  /**
   * Never logged, never returned, never part of a cache key in plain (see `cacheKey: "digest"`),
   * never put in a shareable playground link.
   */
  secret?: boolean;
  /**
   * The caller's credential (api_key): not a form field — the playground sends the key in the
   * X-API-Key header. Secret request options a customer types (headers, cookies) are not this.
   */
  credential?: boolean;
  /**
   * false: an output-only switch (response=json) or per-request knob (timeout), not part of the
   * cache key. "digest": a secret whose SHA-256 (never the value) is part of the key (headers, cookies).
   */
  cacheKey?: boolean | "digest";
  /**
   * A structured value: in a query it is a string (JSON for "object"; comma-separated for "array"),
   * in a POST body (D19) a JSON object or array of strings; "json": any JSON value, taken as its
   * JSON text (the job requests of a bulk body, D20).
   */
  bodyType?: "object" | "array" | "json";
  /** Part of a signed URL (D15): made by the signer, not typed into a form. */
  signing?: boolean;
  /**
   * A structured value (JSON) whose objects are the parameters of one of these schemas, at any
   * depth: a job's `params` (each job type's schema), a bulk's `jobs` (job requests). Whatever
   * those schemas mark `secret` inside it is redacted like a top-level secret (lib/api/redact.ts).
   */
  holds?: () => readonly HeldSchema[];
}

/** A zod object schema as `holds` names it: zod's registry would map a whole ZodObject type too deep. */
export type HeldSchema = { readonly shape: object };

export const paramRegistry = z.registry<ParamMeta>();

/** The custom issue code a builder reports; the query parser turns it into the API error code. */
export type ParamIssueCode =
  "invalid_parameter" | "parameter_out_of_range" | "missing_parameter" | "unsupported_url" | "private_address";

export type Ctx = z.core.$RefinementCtx<string | undefined>;

export function fail(ctx: Ctx, code: ParamIssueCode, message: string): never {
  ctx.addIssue({ code: "custom", message, params: { code } });
  return z.NEVER as never;
}

function missing(ctx: Ctx, name: string): never {
  return fail(ctx, "missing_parameter", `${name} is required.`);
}

export const raw = () => z.string().optional();

/** A query parameter's schema: the raw query string (or its absence) in, a typed value out. */
export type QueryParam<Out> = z.ZodPipe<z.ZodOptional<z.ZodString>, z.ZodTransform<Out, string | undefined>>;

/**
 * What a parameter yields: a required parameter or one with a default is never undefined (a
 * missing required one is a 400 and a missing defaulted one takes its default), so handlers need
 * no casts or `?? default` of their own. Only optional ones without a default may be undefined.
 */
type Yield<T, Required extends boolean, Default> = Required extends true
  ? T
  : [Default] extends [T]
    ? T
    : T | undefined;

/**
 * Builds the schema. The transform's return type is the general one (`T | undefined`); the
 * builder's options decide, per Yield, whether undefined can come out, so it is narrowed here,
 * in the one place that knows why.
 */
function queryParam<Out>(transform: (value: string | undefined, ctx: Ctx) => unknown): QueryParam<Out> {
  return raw().transform(transform) as QueryParam<Out>;
}

type Common = {
  description: string;
  plan?: PlanId;
  pdfOnly?: boolean;
  example?: string;
  cacheKey?: boolean | "digest";
};

/** Adds a field's metadata to paramRegistry (for builders in other files, e.g. params-json.ts). */
export function register<T extends z.ZodType>(schema: T, meta: ParamMeta): T {
  paramRegistry.add(schema, meta);
  return schema;
}

const DIGITS = /^\d+$/;
const DECIMAL = /^\d+(\.\d+)?$/;

export function intParam(name: string, o: Common & { min: number; max: number; default: number }) {
  const schema = raw().transform((v, ctx): number => {
    if (v === undefined) return o.default;
    if (!DIGITS.test(v))
      return fail(ctx, "invalid_parameter", `${name} must be a whole number (plain decimal digits).`);
    const n = Number(v);
    if (n < o.min || n > o.max)
      return fail(ctx, "parameter_out_of_range", `${name} must be between ${o.min} and ${o.max}.`);
    return n;
  });
  return register(schema, { kind: "integer", ...o });
}

export function numberParam(name: string, o: Common & { min: number; max: number; default: number }) {
  const schema = raw().transform((v, ctx): number => {
    if (v === undefined) return o.default;
    if (!DECIMAL.test(v)) return fail(ctx, "invalid_parameter", `${name} must be a decimal number such as 1.5.`);
    const n = Number(v);
    if (n < o.min || n > o.max)
      return fail(ctx, "parameter_out_of_range", `${name} must be between ${o.min} and ${o.max}.`);
    return n;
  });
  return register(schema, { kind: "number", ...o });
}

const TRUE = new Set(["true", "1"]);
const FALSE = new Set(["false", "0"]);

export function boolParam(name: string, o: Common & { default: boolean }) {
  const schema = raw().transform((v, ctx): boolean => {
    if (v === undefined) return o.default;
    const s = v.toLowerCase();
    if (TRUE.has(s)) return true;
    if (FALSE.has(s)) return false;
    return fail(ctx, "invalid_parameter", `${name} must be true, false, 1 or 0.`);
  });
  return register(schema, { kind: "boolean", ...o });
}

export function enumParam<
  const V extends readonly [string, ...string[]],
  const Required extends boolean = false,
  const Default extends V[number] | undefined = undefined,
>(
  name: string,
  o: Common & {
    values: V;
    default?: Default;
    required?: Required;
    aliases?: Record<string, V[number]>;
    valuePlans?: Partial<Record<V[number], PlanId>>;
  },
) {
  const { aliases, ...meta } = o;
  const schema = queryParam<Yield<V[number], Required, Default>>((v, ctx): V[number] | undefined => {
    if (v === undefined) return o.required ? missing(ctx, name) : o.default;
    const s = v.toLowerCase();
    const value = aliases?.[s] ?? s;
    if ((o.values as readonly string[]).includes(value)) return value as V[number];
    return fail(ctx, "invalid_parameter", `${name} must be one of: ${o.values.join(", ")}.`);
  });
  return register(schema, { kind: "enum", ...meta, valuePlans: meta.valuePlans as ParamMeta["valuePlans"] });
}

export function stringParam<const Required extends boolean = false>(
  name: string,
  o: Common & {
    required?: Required;
    maxLength: number;
    pattern?: string;
    check?: (v: string) => string | null;
    secret?: boolean;
  },
) {
  const { check, maxLength, ...meta } = o;
  const schema = queryParam<Yield<string, Required, undefined>>((v, ctx): string | undefined => {
    if (v === undefined || v === "") return o.required ? missing(ctx, name) : undefined;
    if (v.length > maxLength) return fail(ctx, "invalid_parameter", `${name} must be at most ${maxLength} characters.`);
    const problem = check?.(v);
    if (problem) return fail(ctx, "invalid_parameter", problem);
    return v;
  });
  return register(schema, { kind: "string", max: maxLength, ...meta });
}

/**
 * An absolute http(s) URL, returned in WHATWG-serialized form (the form the cache key uses).
 * Syntax is checked here, plus `refuse` (the endpoint's policy on the parsed URL, e.g. lib/net's
 * evidently private hosts); where a name resolves to is lib/net's job at render time.
 */
export function urlParam<const Required extends boolean>(
  name: string,
  o: Common & {
    required: Required;
    maxLength: number;
    refuse?: (url: URL) => { code: ParamIssueCode; message: string } | null;
  },
) {
  const { maxLength, refuse, ...meta } = o;
  const schema = queryParam<Yield<string, Required, undefined>>((v, ctx): string | undefined => {
    if (v === undefined || v.trim() === "") return o.required ? missing(ctx, name) : undefined;
    if (v.length > maxLength) return fail(ctx, "invalid_parameter", `${name} must be at most ${maxLength} characters.`);
    let parsed: URL;
    try {
      parsed = new URL(v);
    } catch {
      return fail(ctx, "unsupported_url", `${name} must be an absolute http:// or https:// URL.`);
    }
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
      return fail(ctx, "unsupported_url", `${name} must use http or https, not ${parsed.protocol.replace(/:$/, "")}.`);
    }
    if (parsed.username || parsed.password) {
      return fail(ctx, "unsupported_url", `${name} must not contain a user name or password.`);
    }
    const refusal = refuse?.(parsed);
    if (refusal) return fail(ctx, refusal.code, refusal.message);
    return parsed.href;
  });
  return register(schema, { kind: "url", max: maxLength, ...meta });
}

/** A comma-separated list of exactly `count` numbers, e.g. clip=x,y,w,h. */
export function numberListParam(
  name: string,
  o: Common & { count: number; pattern: string; integers: boolean; min: number; max: number },
) {
  const { count, integers, ...meta } = o;
  const part = integers ? /^-?\d+$/ : /^\d+(\.\d+)?$/;
  const schema = raw().transform((v, ctx): number[] | undefined => {
    if (v === undefined || v === "") return undefined;
    const parts = v.split(",").map((p) => p.trim());
    if (parts.length !== count || !parts.every((p) => part.test(p))) {
      return fail(
        ctx,
        "invalid_parameter",
        `${name} must be ${o.pattern} (${count} comma-separated ${integers ? "integers" : "numbers"}).`,
      );
    }
    const nums = parts.map(Number);
    if (nums.some((n) => n < o.min || n > o.max)) {
      return fail(ctx, "parameter_out_of_range", `each value of ${name} must be between ${o.min} and ${o.max}.`);
    }
    return nums;
  });
  return register(schema, { kind: "list", ...meta });
}

function metaOf(schema: z.ZodType): ParamMeta | undefined {
  return paramRegistry.get(schema);
}

const described = new WeakMap<z.ZodObject, ReadonlyArray<Readonly<{ name: string } & ParamMeta>>>();

/**
 * The fields of an endpoint schema with their metadata, in declaration order. Schemas never
 * change, and gates and cache keys ask on every request, so the answer is built once per schema.
 */
export function describeParams(schema: z.ZodObject): ReadonlyArray<Readonly<{ name: string } & ParamMeta>> {
  let fields = described.get(schema);
  if (!fields) {
    fields = Object.freeze(
      Object.entries(schema.shape).map(([name, field]) => {
        const meta = metaOf(field as z.ZodType);
        if (!meta) throw new Error(`query parameter ${name} was not built with lib/api/params`);
        return Object.freeze({ name, ...meta });
      }),
    );
    described.set(schema, fields);
  }
  return fields;
}

/** One parameter's documentation, for prose that quotes its default, range or plan. */
export function paramDoc(schema: z.ZodObject, name: string): Readonly<{ name: string } & ParamMeta> {
  const field = describeParams(schema).find((f) => f.name === name);
  if (!field) throw new Error(`no query parameter ${name}`);
  return field;
}
