/**
 * The response check (issue 49 point 4): an answer a test reads validates against the JSON Schema
 * the OpenAPI document publishes for it — made from the same zod schema that types the handler's
 * answer (lib/api/openapi/zod.ts) — so the schema, the type and the wire cannot drift apart.
 */
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020.js";
import { expect } from "vitest";
import type { z } from "zod";
import { zodSchema } from "@/lib/api/openapi/zod";

const ajv = new Ajv2020({ strict: false, validateFormats: false });
const compiled = new WeakMap<z.ZodType, ValidateFunction>();

/** `body`, once it has validated against `schema` as published; the test fails naming what did not. */
export function expectDocumented<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  let validate = compiled.get(schema);
  if (!validate) compiled.set(schema, (validate = ajv.compile(zodSchema(schema))));
  expect(validate(body) ? [] : validate.errors).toEqual([]);
  return body as z.infer<S>;
}
