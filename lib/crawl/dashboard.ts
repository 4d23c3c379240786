/**
 * The dashboard's download of a crawl's pages as JSON lines (D32), behind the session cookie and
 * same-origin check of the dashboard's other calls (lib/api/session-caller): the signed-in
 * person's current workspace must own the crawl; another workspace's id answers 404
 * crawl_not_found, exactly like an unknown one.
 */
import "server-only";
import { sessionWorkspace } from "@/lib/api/session-caller";
import { requestIdFor } from "@/lib/api/request";
import { ownerId } from "@/lib/vocabulary/caller";
import { ApiError, problemResponse, toApiError } from "@/lib/vocabulary/errors";
import { findCrawl } from "./store";
import { CRAWL_ID_PATTERN, pagesJsonlStream } from "./view";

export async function handleDashboardPagesJsonl(request: Request, id: string): Promise<Response> {
  try {
    const workspace = await sessionWorkspace(request, "read");
    const crawl = CRAWL_ID_PATTERN.test(id) ? await findCrawl(id, ownerId({ userId: workspace.id })) : undefined;
    if (!crawl) throw new ApiError("crawl_not_found", "No crawl with this id belongs to this workspace.");
    return new Response(pagesJsonlStream(crawl.id), {
      headers: {
        "Content-Type": "application/x-ndjson; charset=utf-8",
        "Cache-Control": "no-store",
        "Content-Disposition": `attachment; filename="${crawl.id}.jsonl"`,
      },
    });
  } catch (error) {
    return problemResponse(toApiError(error), requestIdFor(request));
  }
}
