/**
 * Query parameters and JSON bodies of the OpenAPI document, generated from the endpoint schemas'
 * metadata (lib/api/params describeParams). Nothing about a parameter is written here: only how
 * each kind of parameter is expressed in OpenAPI 3.1.
 */
import type { z } from "zod";
import { describeParams, type ParamMeta } from "@/lib/api/params";
import { PLANS } from "@/lib/plans";
import type { Parameter, Schema } from "./types";

type Field = { name: string } & ParamMeta;

/** JSON Schema of one query parameter (what a valid value looks like). */
function paramSchema(field: Field): Schema {
  const schema: Schema = {};
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
    case "set": {
      // A comma-separated subset of the values (a JSON array in a POST body), e.g. formats=markdown,links.
      const names = (field.values ?? []).join("|");
      schema.type = "string";
      schema.pattern = `^(${names})(,(${names}))*$`;
      break;
    }
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
  const valuePlans = Object.entries(field.valuePlans ?? {}).filter(([, plan]) => plan && plan !== "free");
  if (field.kind === "set" && valuePlans.length > 0)
    out.push(
      `${valuePlans.map(([value, plan]) => `\`${value}\` requires the ${PLANS[plan!].name} plan or higher`).join("; ")} (403 \`plan_upgrade_required\` below it).`,
    );
  if (field.plan)
    out.push(`Requires the ${PLANS[field.plan].name} plan or higher (403 \`plan_upgrade_required\` below it).`);
  return out;
}

/** An OpenAPI Parameter Object for one schema field. */
function queryParameter(field: Field): Parameter & Record<`x-${string}`, unknown> {
  const parameter: Parameter & Record<`x-${string}`, unknown> = {
    name: field.name,
    in: "query",
    required: Boolean(field.required),
    description: [field.description, ...notes(field)].join(" "),
    schema: paramSchema(field),
  };
  if (field.plan) parameter["x-plan"] = field.plan;
  if (field.kind === "set" && field.valuePlans) parameter["x-value-plans"] = field.valuePlans;
  if (field.pdfOnly) parameter["x-pdf-only"] = true;
  if (field.secret) parameter["x-secret"] = true;
  return parameter;
}

/** Every field of an endpoint schema, in declaration order. */
export function queryParameters(schema: z.ZodObject): Parameter[] {
  return describeParams(schema).map(queryParameter);
}

/**
 * The JSON body of a POST (D19): one property per schema field, meaning what the query parameter
 * means; structured values as JSON (a header map as an object, pattern lists and clip/margin as
 * arrays, which their query text is also accepted for). Not the API key or signed-URL fields:
 * the key goes in the header, and signed URLs are GET only.
 */
export function jsonBodySchema(schema: z.ZodObject, maxBytes: number): Schema {
  const properties: Record<string, Schema & Record<`x-${string}`, unknown>> = {};
  for (const field of describeParams(schema)) {
    if (field.signing || field.name === "api_key") continue;
    const text = paramSchema(field);
    let property: Schema = text;
    if (field.bodyType === "object") property = { type: "object", additionalProperties: { type: "string" } };
    else if (field.kind === "set")
      property = { oneOf: [{ type: "array", items: { type: "string", enum: [...(field.values ?? [])] } }, text] };
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

/** The `{id}` of a resource's path (a job, a monitor, a crawl, a session): required, with its id's pattern. */
export function pathIdParameter(description: string, pattern: string): Parameter {
  return { name: "id", in: "path", required: true, description, schema: { type: "string", pattern } };
}
