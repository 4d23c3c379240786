/**
 * Query parameters of the OpenAPI document, generated from the endpoint schemas' metadata
 * (lib/api/params describeParams) and, for /v1/og, from the OG template catalog. Nothing about a
 * parameter is written here: only how each kind of parameter is expressed in OpenAPI 3.1.
 */
import type { z } from "zod";
import { ACCOUNT_TEMPLATE_RULES } from "@/lib/og/listing";
import { describeParams, type ParamMeta } from "@/lib/api/params";
import { OG_LIMITS, OG_TEMPLATES, type OgVariable } from "@/lib/og/catalog";
import { PLANS } from "@/lib/plans";

export type JsonSchema = Record<string, unknown>;
type Field = { name: string } & ParamMeta;

/** JSON Schema of one query parameter (what a valid value looks like). */
function paramSchema(field: Field): JsonSchema {
  const schema: JsonSchema = {};
  switch (field.kind) {
    case "integer":
    case "number":
      schema.type = field.kind;
      schema.minimum = field.min;
      schema.maximum = field.max;
      break;
    case "boolean":
      // D2: 1 and 0 are accepted too, so the wire form is a string; `true`/`false` are the documented ones.
      schema.type = "boolean";
      break;
    case "enum":
      schema.type = "string";
      schema.enum = [...(field.values ?? [])];
      break;
    case "url":
      schema.type = "string";
      schema.format = "uri";
      if (field.max !== undefined) schema.maxLength = field.max;
      break;
    case "string":
      schema.type = "string";
      if (field.max !== undefined) schema.maxLength = field.max;
      break;
    case "list":
      // A comma-separated list of numbers, e.g. clip=x,y,w,h; min/max bound each number.
      schema.type = "string";
      schema.pattern = "^-?\\d+(\\.\\d+)?(,-?\\d+(\\.\\d+)?)*$";
      break;
  }
  if (field.default !== undefined) schema.default = field.default;
  if (field.example !== undefined) schema.examples = [field.example];
  return schema;
}

/** Human notes appended to the description: range of list items, plan, PDF-only, booleans. */
function notes(field: Field): string[] {
  const out: string[] = [];
  if (field.kind === "list" && field.pattern) {
    out.push(`Format: \`${field.pattern}\`; each value from ${field.min} to ${field.max}.`);
  }
  if (field.kind === "boolean") out.push("Accepts `true`, `false`, `1` or `0`.");
  if (field.pdfOnly) out.push("Applies only when `format=pdf`.");
  if (field.plan)
    out.push(`Requires the ${PLANS[field.plan].name} plan or higher (403 \`plan_upgrade_required\` below it).`);
  return out;
}

/** An OpenAPI Parameter Object for one schema field. */
function queryParameter(field: Field): JsonSchema {
  const parameter: JsonSchema = {
    name: field.name,
    in: "query",
    required: Boolean(field.required),
    description: [field.description, ...notes(field)].join(" "),
    schema: paramSchema(field),
  };
  if (field.plan) parameter["x-plan"] = field.plan;
  if (field.pdfOnly) parameter["x-pdf-only"] = true;
  if (field.secret) parameter["x-secret"] = true;
  return parameter;
}

/** Every field of an endpoint schema, in declaration order. */
export function queryParameters(schema: z.ZodObject): JsonSchema[] {
  return describeParams(schema).map(queryParameter);
}

/**
 * The JSON body of a POST (D19): one property per schema field, meaning what the query parameter
 * means; structured values as JSON (a header map as an object, pattern lists and clip/margin as
 * arrays, which their query text is also accepted for). Not the API key or signed-URL fields:
 * the key goes in the header, and signed URLs are GET only.
 */
export function jsonBodySchema(schema: z.ZodObject, maxBytes: number): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const field of describeParams(schema)) {
    if (field.signing || field.name === "api_key") continue;
    const text = paramSchema(field);
    let property: JsonSchema = text;
    if (field.bodyType === "object") property = { type: "object", additionalProperties: { type: "string" } };
    else if (field.bodyType === "array") property = { oneOf: [{ type: "array", items: { type: "string" } }, text] };
    else if (field.kind === "list")
      property = {
        oneOf: [{ type: "array", items: { type: "number", minimum: field.min, maximum: field.max } }, text],
      };
    properties[field.name] = { ...property, description: [field.description, ...notes(field)].join(" ") };
    if (field.secret) properties[field.name]["x-secret"] = true;
  }
  return {
    type: "object",
    description: `The query parameters as one JSON object (at most ${maxBytes / 1024 / 1024} MiB); exactly one of url and html. Only api_key may stay in the query.`,
    properties,
    additionalProperties: false,
  };
}

function variableSchema(variable: OgVariable): JsonSchema {
  switch (variable.type) {
    case "text":
      return { type: "string", maxLength: OG_LIMITS.textMaxChars, examples: [variable.example] };
    case "color":
      return { type: "string", examples: [variable.example] };
    case "image_url":
      return { type: "string", format: "uri", pattern: "^https://", maxLength: OG_LIMITS.imageUrlMaxChars };
    case "list":
      return { type: "string", description: "Newline-separated items.", examples: [variable.example] };
    case "number":
      return {
        type: "number",
        minimum: -OG_LIMITS.numberMaxAbs,
        maximum: OG_LIMITS.numberMaxAbs,
        examples: [variable.example],
      };
  }
}

/**
 * The OG template variables as one exploded form-style object parameter: OpenAPI's way of saying
 * "any further query parameter", here with every variable of every template described.
 */
export function ogVariablesParameter(): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const usedBy = new Map<string, string[]>();
  for (const template of OG_TEMPLATES) {
    for (const variable of template.variables) {
      usedBy.set(variable.name, [...(usedBy.get(variable.name) ?? []), template.name]);
      properties[variable.name] ??= { ...variableSchema(variable), "x-variable-type": variable.type };
    }
  }
  for (const [name, templates] of usedBy) {
    const first = OG_TEMPLATES.flatMap((t) => t.variables).find((v) => v.name === name)!;
    const required = OG_TEMPLATES.filter((t) => t.variables.some((v) => v.name === name && v.required)).map(
      (t) => t.name,
    );
    properties[name].description =
      `${first.description} Used by: ${templates.join(", ")}.` +
      (required.length ? ` Required by: ${required.join(", ")}.` : "");
  }
  return {
    name: "variables",
    in: "query",
    style: "form",
    explode: true,
    required: false,
    description:
      "Template variables: every query parameter not listed above is passed to the template. Which variables a " +
      "template accepts (and requires) is listed by GET /v1/og/templates; an unknown or invalid one is a 400 " +
      "`invalid_variable` naming it. " +
      ACCOUNT_TEMPLATE_RULES,
    schema: {
      type: "object",
      properties,
      additionalProperties: {
        type: "string",
        description: "A variable of one of your account's templates (D21), by its declared type.",
      },
    },
  };
}
