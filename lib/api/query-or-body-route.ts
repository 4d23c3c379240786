/**
 * The route of an endpoint that takes its parameters as a query or as a JSON body (the render
 * endpoints and /v1/diff): one pipeline for GET, HEAD and POST, problem+json 405s for the rest.
 * A route file is then `export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = queryOrBodyRoute(spec, handler)`.
 */
import type { z } from "zod";
import type { EndpointSpec, Handler } from "@/lib/api/context";
import { otherMethods } from "@/lib/api/fallback";
import { apiRoute } from "@/lib/api/pipeline";

const ALLOW = "GET, HEAD, POST, OPTIONS";

export function queryOrBodyRoute<S extends z.ZodObject, V>(spec: EndpointSpec<S, V>, handler: Handler<z.output<S>, V>) {
  const GET = apiRoute(spec, handler);
  return {
    GET,
    // HEAD: the same pipeline, headers and status, no body (D15: crawlers send HEAD to check an og:image).
    HEAD: GET,
    // POST: the same parameters as a JSON body, html and steps included (D19); the pipeline reads the body.
    POST: GET,
    ...otherMethods(ALLOW),
  };
}
