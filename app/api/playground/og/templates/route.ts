/**
 * The account's own OG templates for the docs playground (D13, D21): the session cookie
 * (same-origin only) instead of an API key; the same shape as /v1/og/templates' accountTemplates.
 */
import { problemResponse, toApiError } from "@/lib/vocabulary/errors";
import { requestIdFor } from "@/lib/api/request";
import { sessionWorkspace } from "@/lib/api/session-caller";
import { accountTemplatesListing } from "@/lib/og/listing";
import { listTemplates } from "@/lib/studio/templates";

export const dynamic = "force-dynamic";
// Every other method: a problem+json 405 with Allow (D1), not Next's empty one.
export { DELETE, OPTIONS, PATCH, POST, PUT } from "@/lib/api/get-only";

export async function GET(request: Request) {
  const requestId = requestIdFor(request);
  try {
    const workspace = await sessionWorkspace(request, "read");
    const templates = accountTemplatesListing(await listTemplates(workspace.id));
    return Response.json(
      { templates },
      { headers: { "Cache-Control": "private, no-store", "X-Request-Id": requestId } },
    );
  } catch (error) {
    return problemResponse(toApiError(error), requestId, { "X-Request-Id": requestId });
  }
}
