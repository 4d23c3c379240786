/** GET /v1/og/templates: the OG templates and their variables as JSON; no API key needed (D11). */
import { templatesListing } from "@/lib/og/listing";

export const dynamic = "force-static";

export function GET(): Response {
  return Response.json(templatesListing(), { headers: { "Cache-Control": "public, max-age=3600" } });
}
