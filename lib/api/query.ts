/**
 * Parses a request's query string with an endpoint's schema (D2): a parameter given twice, an
 * unknown parameter (where the endpoint rejects extras), a wrong type or an out-of-range value is
 * a 400 naming the parameter. Extras are returned separately where the endpoint collects them
 * (OG template variables).
 */
import type { z } from "zod";
import { closestName } from "@/lib/api/closest-name";
import { ApiError, type ErrorCode } from "@/lib/vocabulary/errors";
import type { ParamIssueCode } from "@/lib/api/params";
import { isStorableText, UNSTORABLE_TEXT } from "@/lib/vocabulary/stored-text";

export interface ParsedQuery<T> {
  params: T;
  /** Names of the schema parameters that were present in the query. */
  given: Set<string>;
  /** Query parameters outside the schema, in order (only when extras are collected). */
  extras: Record<string, string>;
}

export function parseQuery<S extends z.ZodObject>(
  searchParams: URLSearchParams,
  schema: S,
  options: { extras: "reject" | "collect" },
): ParsedQuery<z.output<S>> {
  const shape = schema.shape as Record<string, z.ZodType>;
  // Without a prototype, names such as "constructor" or "__proto__" are ordinary keys here.
  const values: Record<string, string> = Object.create(null);
  const extras: Record<string, string> = Object.create(null);
  const given = new Set<string>();
  const known = new Set(Object.keys(shape));

  for (const [name, value] of searchParams) {
    if (Object.hasOwn(values, name) || Object.hasOwn(extras, name)) {
      throw duplicateError(name);
    }
    // Parameters are stored (job rows, monitors, the request log): a NUL or lone surrogate is a 400 here, not a 500 there (D1).
    if ((known.has(name) || options.extras === "collect") && !(isStorableText(name) && isStorableText(value))) {
      throw new ApiError("invalid_parameter", `${printable(name)} ${UNSTORABLE_TEXT}.`, { param: printable(name) });
    }
    if (known.has(name)) {
      values[name] = value;
      given.add(name);
    } else if (options.extras === "collect") {
      extras[name] = value;
    } else {
      const hint = closestName(name, known);
      throw new ApiError(
        "unknown_parameter",
        `Unknown query parameter ${name}.${hint ? ` Did you mean ${hint}?` : ""}`,
        { param: name },
      );
    }
  }

  const params: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(shape)) params[name] = parseField(name, field, values[name]);
  return { params: params as z.output<S>, given, extras };
}

/** One query parameter through its schema field: the value, or the 400 ApiError naming it. */
export function parseField<T extends z.ZodType>(name: string, field: T, value: string | undefined): z.output<T> {
  const result = field.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const code = ((issue as { params?: { code?: ParamIssueCode } }).params?.code ?? "invalid_parameter") as ErrorCode;
  throw new ApiError(code, issue?.message ?? `${name} is invalid.`, { param: name });
}

/** A name for a message: the name itself, or its JSON form when it holds what cannot be shown or stored. */
function printable(name: string): string {
  // JSON.stringify writes NUL and lone surrogates as \u escapes.
  return isStorableText(name) ? name.slice(0, 64) : JSON.stringify(name.slice(0, 64));
}

/** D2: a parameter given twice is a 400 naming it. */
export function duplicateError(name: string): ApiError {
  return new ApiError("invalid_parameter", `${name} was given more than once.`, { param: name });
}
