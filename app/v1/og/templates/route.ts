/**
 * GET /v1/og/templates: the OG templates and their variables as JSON; no API key needed (D11).
 * With a key, the account's own templates are listed too (D21), and the answer is private.
 */
import { authenticateApiKey, presentedKey } from "@/lib/api/auth";
import { problemResponse, toApiError } from "@/lib/vocabulary/errors";
import { keylessRoute } from "@/lib/api/keyless";
import { QuotaTracker, quotaHeaders } from "@/lib/api/quota-headers";
import { requestIdFor } from "@/lib/api/request";
import { accountTemplatesListing, templatesListing } from "@/lib/og/listing";

// Rendered per request only for its X-Request-Id (D14); the built-in listing is built once.
export const dynamic = "force-dynamic";

const listing = templatesListing();

export const GET = keylessRoute(async (request: Request) => {
  const requestId = requestIdFor(request);
  const url = new URL(request.url);
  if (!presentedKey(request, url)) {
    return Response.json(listing, { headers: { "Cache-Control": "public, max-age=3600", "X-Request-Id": requestId } });
  }
  try {
    const caller = await authenticateApiKey(request, url);
    const { listTemplates } = await import("@/lib/studio/templates");
    const own = accountTemplatesListing(await listTemplates(caller.userId));
    // Like every answer to a request with a valid key (D18); a failing counter read leaves them out.
    const quota = await new QuotaTracker(caller).state().then(quotaHeaders, () => ({}));
    return Response.json(
      { ...listing, accountTemplates: own },
      { headers: { "Cache-Control": "private, no-store", "X-Request-Id": requestId, ...quota } },
    );
  } catch (error) {
    return problemResponse(toApiError(error), requestId, { "X-Request-Id": requestId });
  }
});

// Anything but GET gets a problem+json 405 (D1), not an empty one; OPTIONS says what is allowed.
export { DELETE, OPTIONS, PATCH, POST, PUT } from "@/lib/api/get-only";
