/** GET and POST /v1/screenshot: a capture of a public page or of HTML (ARCHITECTURE.md#the-product-contract, D19). Logic: lib/screenshot/handler.ts. */
import { allowedMethodsFor, methodNotAllowedFor } from "@/lib/api/fallback";
import { apiRoute } from "@/lib/api/pipeline";
import { screenshotEndpoint } from "@/lib/screenshot/endpoint";
import { handleScreenshot } from "@/lib/screenshot/handler";

export const dynamic = "force-dynamic";

export const GET = apiRoute(screenshotEndpoint, handleScreenshot);

// HEAD: the same pipeline, headers and status, no body (D15: crawlers send HEAD to check an og:image).
export const HEAD = GET;

// POST: the same parameters as a JSON body, html included (D19); the pipeline reads the body.
export const POST = GET;

// The other methods get a problem+json 405 (D1), not an empty one; OPTIONS says what is allowed.
const ALLOW = "GET, HEAD, POST, OPTIONS";
export const PUT = methodNotAllowedFor(ALLOW);
export const PATCH = PUT;
export const DELETE = PUT;
export const OPTIONS = allowedMethodsFor(ALLOW);
