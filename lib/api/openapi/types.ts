/**
 * The OpenAPI 3.1 vocabulary every endpoint declares its part of /v1/openapi.json in (D31), typed
 * by openapi3-ts (its `oas31` model: JSON Schema 2020-12 schemas, `x-` extensions allowed). Each endpoint keeps its operations beside it (`lib/<feature>/openapi.ts`);
 * lib/openapi/document.ts puts them together.
 */
import type {
  HeaderObject,
  InfoObject,
  MediaTypeObject,
  OpenAPIObject,
  OperationObject,
  ParameterObject,
  PathItemObject,
  ReferenceObject,
  ResponseObject,
  ResponsesObject,
  SchemaObject,
  SecurityRequirementObject,
  TagObject,
} from "openapi3-ts/oas31";
import { OUTPUT_FORMATS, type OutputFormat } from "@/lib/formats";

export type Schema = SchemaObject;
export type Reference = ReferenceObject;
export type Operation = OperationObject;
export type PathItem = PathItemObject;
export type Parameter = ParameterObject;
export type Responses = ResponsesObject;
export type Response = ResponseObject;
export type Header = HeaderObject;
export type MediaType = MediaTypeObject;
export type Tag = TagObject;
export type Security = SecurityRequirementObject;
/** OpenAPI 3.1 added `info.summary`, which the oas31 model does not have yet. */
export type Document = Omit<OpenAPIObject, "info"> & { info: InfoObject & { summary?: string } };

/**
 * What one endpoint contributes to the document: its paths, the component schemas they name by
 * `$ref`, its tags, and (async jobs) the webhooks it sends.
 */
export interface EndpointDoc {
  tags: Tag[];
  paths: Record<string, PathItem>;
  schemas?: Record<string, Schema>;
  webhooks?: Record<string, PathItem>;
}

/** A JSON answer whose body is a component schema. */
export const jsonContent = (name: string): Record<string, MediaType> => ({
  "application/json": { schema: { $ref: `#/components/schemas/${name}` } },
});

/** The binary answers of these output formats (lib/formats.ts): one media type each. */
export function binaryContent(formats: readonly OutputFormat[]): Record<string, MediaType> {
  return Object.fromEntries(
    formats.map((format) => {
      const mime = OUTPUT_FORMATS[format].mime;
      return [mime, { schema: { type: "string", contentMediaType: mime } }];
    }),
  );
}
