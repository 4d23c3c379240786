/** GET /v1/screenshot: a capture of a public page (ARCHITECTURE.md#the-product-contract). Logic: lib/screenshot/handler.ts. */
import { apiRoute } from "@/lib/api/pipeline";
import { screenshotEndpoint } from "@/lib/screenshot/endpoint";
import { handleScreenshot } from "@/lib/screenshot/handler";

export const dynamic = "force-dynamic";

export const GET = apiRoute(screenshotEndpoint, handleScreenshot);

// HEAD: the same pipeline, headers and status, no body (D15: crawlers send HEAD to check an og:image).
export const HEAD = GET;

// Anything but GET and HEAD gets a problem+json 405 (D1), not an empty one; OPTIONS says what is allowed.
export { DELETE, OPTIONS, PATCH, POST, PUT } from "@/lib/api/get-only";
