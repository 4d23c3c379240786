/** GET and POST /v1/content: a page as data — Markdown, HTML, text, links, metadata, a screenshot — from one render (D24). Logic: lib/content/handler.ts. */
import { allowedMethodsFor, methodNotAllowedFor } from "@/lib/api/fallback";
import { apiRoute } from "@/lib/api/pipeline";
import { contentEndpoint } from "@/lib/content/endpoint";
import { handleContent } from "@/lib/content/handler";

export const dynamic = "force-dynamic";

export const GET = apiRoute(contentEndpoint, handleContent);

// HEAD: the same pipeline, headers and status, no body (a signed Markdown URL checked by a crawler, D15).
export const HEAD = GET;

// POST: the same parameters as a JSON body, html included (D19); the pipeline reads the body.
export const POST = GET;

const ALLOW = "GET, HEAD, POST, OPTIONS";
export const PUT = methodNotAllowedFor(ALLOW);
export const PATCH = PUT;
export const DELETE = PUT;
export const OPTIONS = allowedMethodsFor(ALLOW);
