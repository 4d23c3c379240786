/** GET /v1/og: an Open Graph image from a template (ARCHITECTURE.md#the-product-contract). Logic: lib/og/handler.ts. */
import { apiRoute } from "@/lib/api/pipeline";
import { handleOg } from "@/lib/og/handler";
import { ogEndpoint } from "@/lib/og/endpoint";

export const dynamic = "force-dynamic";

export const GET = apiRoute(ogEndpoint, handleOg);

// HEAD: the same pipeline, headers and status, no body (D15: crawlers send HEAD to check an og:image).
export const HEAD = GET;

// Anything but GET and HEAD gets a problem+json 405 (D1), not an empty one; OPTIONS says what is allowed.
export { DELETE, OPTIONS, PATCH, POST, PUT } from "@/lib/api/get-only";
