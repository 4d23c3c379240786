/**
 * Tool input schemas from the endpoints' own schemas (D25): the JSON body of a POST (D19,
 * lib/api/openapi/params.ts jsonBodySchema) is what a tool's arguments are, because a tool call
 * becomes that body (or, for a GET-only endpoint, its query). Nothing about a parameter is
 * written here — its type, range, default, plan and description come from the one zod schema —
 * only which fields a tool leaves out (it sets them itself) and the simpler JSON-only form of the
 * structured ones: a body also accepts their query text (`oneOf`), which agents need not see.
 */
import "server-only";
import type { z } from "zod";
import { describeParams } from "@/lib/api/params";
import { jsonBodySchema } from "@/lib/api/openapi/params";

export interface JsonSchemaObject {
  type: "object";
  properties: Record<string, Record<string, unknown>>;
  required?: string[];
  additionalProperties: boolean;
  [keyword: string]: unknown;
}

/** Never tool arguments: the credential travels in the /mcp request's header, the answer's form is the tool's. */
const ALWAYS_OMITTED = ["api_key", "response"] as const;

export function toolInputSchema(
  params: z.ZodObject,
  options: {
    omit?: readonly string[];
    add?: Record<string, Record<string, unknown>>;
    require?: readonly string[];
  } = {},
): JsonSchemaObject {
  const omitted = new Set<string>([...ALWAYS_OMITTED, ...(options.omit ?? [])]);
  const body = jsonBodySchema(params, 1) as { properties: Record<string, Record<string, unknown>> };
  const properties: Record<string, Record<string, unknown>> = {};
  for (const [name, property] of Object.entries(body.properties)) {
    if (omitted.has(name)) continue;
    const { oneOf, description, ...rest } = property as { oneOf?: Record<string, unknown>[]; description?: string };
    // The first alternative is the JSON form (an array or object); the second the query text.
    properties[name] = { ...(oneOf ? oneOf[0] : rest), ...(description ? { description } : {}) };
  }
  Object.assign(properties, options.add);
  const required = [
    ...describeParams(params)
      .filter((field) => field.required && !omitted.has(field.name))
      .map((field) => field.name),
    ...(options.require ?? []),
  ];
  return {
    type: "object",
    properties,
    ...(required.length > 0 ? { required } : {}),
    additionalProperties: false,
  };
}
