/** GET /v1/og/templates: the OG templates and their variables as JSON; no API key needed (D11). */
import { keylessRoute } from "@/lib/api/keyless";
import { requestIdFor } from "@/lib/api/request";
import { templatesListing } from "@/lib/og/listing";

// Rendered per request only for its X-Request-Id (D14); the listing itself is built once.
export const dynamic = "force-dynamic";

const listing = templatesListing();

export const GET = keylessRoute((request: Request) =>
  Response.json(listing, {
    headers: { "Cache-Control": "public, max-age=3600", "X-Request-Id": requestIdFor(request) },
  }),
);

// Anything but GET gets a problem+json 405 (D1), not an empty one; OPTIONS says what is allowed.
export { DELETE, OPTIONS, PATCH, POST, PUT } from "@/lib/api/get-only";
