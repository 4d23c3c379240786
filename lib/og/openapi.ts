/**
 * GET and HEAD /v1/og and GET /v1/og/templates in the OpenAPI document (D31): the operations, the
 * template variables (from the catalog, D11), the JSON metadata and the error codes a card can
 * answer with, declared beside the endpoint; lib/openapi/document.ts puts every endpoint's part
 * together.
 */
import type { ErrorCode } from "@/lib/vocabulary/errors";
import { queryParameters } from "@/lib/api/openapi/params";
import { zodSchema } from "@/lib/api/openapi/zod";
import {
  BODY_ONLY,
  errorResponses,
  headOf,
  KEY_OR_SIGNED_URL,
  NOT_MODIFIED,
  RATE_HEADERS,
  RENDER_HEADERS,
  PDF_ONLY,
  CAPTURE_ONLY,
  RECORDING_ONLY,
  renderErrorCodes,
} from "@/lib/api/openapi/responses";
import {
  binaryContent,
  jsonContent,
  type EndpointDoc,
  type Operation,
  type Parameter,
  type Schema,
} from "@/lib/api/openapi/types";
import { formatsOf } from "@/lib/formats";
import { OG_LIMITS, OG_TEMPLATE_NAMES, OG_TEMPLATES, type OgVariable } from "./catalog";
import { ACCOUNT_TEMPLATE_RULES } from "./listing";
import { ogParams } from "./params";
import { ogMetadataSchema } from "./schema";

/**
 * OG collects unknown parameters as template variables and fetches images through the
 * invalid_variable path, so the URL and target codes are the screenshot's only; it takes no body.
 */
export const OG_ERROR_CODES: readonly ErrorCode[] = renderErrorCodes([
  "unknown_parameter",
  "unsupported_url",
  "private_address",
  "target_unreachable",
  "selector_not_found",
  "target_http_error",
  ...BODY_ONLY,
  ...RECORDING_ONLY,
  ...PDF_ONLY,
  ...CAPTURE_ONLY,
]);

/** The `response=json` answer of a card (D7, D21), made from its zod schema (schema.ts). */
export const OG_METADATA_SCHEMA: Schema = zodSchema(ogMetadataSchema);

/** GET /v1/og/templates (D11). */
const OG_TEMPLATE_LIST_SCHEMA: Schema = {
  type: "object",
  required: ["templates"],
  properties: {
    limits: { type: "object", description: "Limits on variables and canvas size (D11)." },
    variableTypes: {
      type: "object",
      description: "How each variable type is written.",
      additionalProperties: { type: "string" },
    },
    templates: {
      type: "array",
      items: {
        type: "object",
        required: ["name", "description", "variables"],
        properties: {
          name: { type: "string" },
          description: { type: "string" },
          exampleQuery: {
            type: "string",
            description: "A ready-to-use query string for GET /v1/og with the example variables.",
          },
          variables: {
            type: "array",
            items: {
              type: "object",
              required: ["name", "type", "required", "description"],
              properties: {
                name: { type: "string" },
                type: { type: "string", enum: ["text", "color", "image_url", "list"] },
                required: { type: "boolean" },
                description: { type: "string" },
                example: { type: "string" },
              },
            },
          },
        },
      },
    },
  },
};

function variableSchema(variable: OgVariable): Schema {
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
function ogVariablesParameter(): Parameter {
  const properties: Record<string, Schema & Record<`x-${string}`, unknown>> = {};
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

/** The `params` of an OG job (D20): the query's parameters and the template's variables as one object. */
export const ogJobParamsSchema = (): Schema => ({
  type: "object",
  description:
    "The GET /v1/og parameters (template, format, quality, width, height) and the template's variables, as one object.",
  required: ["template"],
  additionalProperties: true,
});

export function ogDoc(appUrl: string): EndpointDoc {
  const get: Operation = {
    operationId: "renderOgImage",
    tags: ["Open Graph images"],
    summary: "Render an Open Graph image",
    description:
      `Renders a template (${OG_TEMPLATE_NAMES.join(", ")}) with the given variables. Requires the Pro plan or higher. ` +
      "In public HTML (an og:image tag, an <img src>) use a signed URL (`key_id`, `expires`, `signature`), never the API key.",
    externalDocs: { url: `${appUrl}/docs/og` },
    parameters: [...queryParameters(ogParams), ogVariablesParameter()],
    security: KEY_OR_SIGNED_URL,
    responses: {
      "200": {
        description: "The image (default) or its metadata (`response=json`).",
        headers: RENDER_HEADERS,
        content: { ...binaryContent(formatsOf("og")), ...jsonContent("OgMetadata") },
      },
      "304": NOT_MODIFIED,
      ...errorResponses(OG_ERROR_CODES),
    },
  };
  return {
    tags: [{ name: "Open Graph images", description: "Render a social card from a template (Pro plan or higher)." }],
    schemas: { OgMetadata: OG_METADATA_SCHEMA, OgTemplateList: OG_TEMPLATE_LIST_SCHEMA },
    paths: {
      "/v1/og": { get, head: headOf(get, "renderOgImageHead") },
      "/v1/og/templates": {
        get: {
          operationId: "listOgTemplates",
          tags: ["Open Graph images"],
          summary: "List OG templates and their variables",
          security: [],
          responses: {
            "200": {
              description: "Every template with its variables.",
              headers: RATE_HEADERS,
              content: jsonContent("OgTemplateList"),
            },
            ...errorResponses(["rate_limited"]),
          },
        },
      },
    },
  };
}
