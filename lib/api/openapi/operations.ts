/**
 * The three operations of an endpoint that takes its parameters as a query or as a JSON body
 * (lib/api/query-or-body-route.ts): GET with the schema's parameters, its HEAD twin (D15), and
 * POST with the same schema as a body (D19), all answering with the same 200 and errors.
 */
import type { z } from "zod";
import type { ErrorCode } from "@/lib/vocabulary/errors";
import { queryParameters } from "./params";
import { errorResponses, headOf, jsonRequestBody, KEY_OR_SIGNED_URL, NOT_MODIFIED } from "./responses";
import type { Operation, PathItem, Response, Schema } from "./types";

interface Described {
  summary: string;
  description: string;
}

export interface QueryOrBodyDoc {
  /** The GET's operationId; the HEAD's and POST's add `Head` and `FromBody`. */
  operationId: string;
  tag: string;
  /** The endpoint's docs page; the POST's is its `#post` section. */
  docsUrl: string;
  params: z.ZodObject;
  bodySchema: Schema;
  errors: readonly ErrorCode[];
  ok: (description: string) => Response;
  get: Described & { ok: string };
  post: Described & { ok: string };
}

export function queryOrBodyPaths(doc: QueryOrBodyDoc): PathItem {
  const tags = [doc.tag];
  const get: Operation = {
    operationId: doc.operationId,
    tags,
    summary: doc.get.summary,
    description: doc.get.description,
    externalDocs: { url: doc.docsUrl },
    parameters: queryParameters(doc.params),
    security: KEY_OR_SIGNED_URL,
    responses: { "200": doc.ok(doc.get.ok), "304": NOT_MODIFIED, ...errorResponses(doc.errors) },
  };
  return {
    get,
    head: headOf(get, `${doc.operationId}Head`),
    post: {
      operationId: `${doc.operationId}FromBody`,
      tags,
      summary: doc.post.summary,
      description: doc.post.description,
      externalDocs: { url: `${doc.docsUrl}#post` },
      requestBody: jsonRequestBody(doc.bodySchema),
      responses: { "200": doc.ok(doc.post.ok), ...errorResponses(doc.errors) },
    },
  };
}
