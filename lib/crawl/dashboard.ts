/**
 * The dashboard's download of a crawl's pages as JSON lines (D32). Two ways in:
 * - the signed, short-lived link the Crawls page shows (./download-link.ts): works from anywhere
 *   until it expires, no cookie needed — a new tab, a download manager, curl;
 * - the session cookie with the same-origin check of the dashboard's other calls
 *   (lib/api/session-caller, role `read`), for a link clicked on a page left open past its expiry.
 * Either way the crawl must be the workspace's: another workspace's id, an unknown one and a link
 * whose signature is wrong all answer 404 crawl_not_found alike; a genuine link past its expiry
 * says so (403 signature_expired) unless the session may read the crawl anyway.
 */
import "server-only";
import { sessionWorkspace } from "@/lib/api/session-caller";
import { requestIdFor } from "@/lib/api/request";
import { ownerId } from "@/lib/vocabulary/caller";
import { ApiError, problemResponse, toApiError } from "@/lib/vocabulary/errors";
import { checkDownloadLink } from "./download-link";
import { crawlById, type CrawlRow } from "./store";
import { CRAWL_ID_PATTERN, pagesJsonlStream } from "./view";

const notFound = () => new ApiError("crawl_not_found", "No crawl with this id belongs to this workspace.");

/** The crawl the session's current workspace owns, or the session's refusal (401, 403) or 404. */
async function bySession(request: Request, crawl: CrawlRow | undefined): Promise<CrawlRow> {
  const workspace = await sessionWorkspace(request, "read");
  if (!crawl || crawl.user_id !== ownerId({ userId: workspace.id })) throw notFound();
  return crawl;
}

export async function handleDashboardPagesJsonl(request: Request, id: string): Promise<Response> {
  try {
    const crawl = CRAWL_ID_PATTERN.test(id) ? await crawlById(id) : undefined;
    const query = new URL(request.url).searchParams;
    const link = crawl ? await checkDownloadLink(crawl, query) : "invalid";
    let allowed: CrawlRow;
    if (link === "valid") allowed = crawl!;
    else if (link === "unsigned") allowed = await bySession(request, crawl);
    else {
      allowed = await bySession(request, crawl).catch(() => {
        throw link === "expired"
          ? new ApiError(
              "signature_expired",
              "This download link has expired (links last an hour). Open the crawl in the dashboard again for a new one.",
            )
          : notFound();
      });
    }
    return new Response(pagesJsonlStream(allowed.id), {
      headers: {
        "Content-Type": "application/x-ndjson; charset=utf-8",
        "Cache-Control": "no-store",
        "Content-Disposition": `attachment; filename="${allowed.id}.jsonl"`,
        // The link is a credential: never sent on as a Referer from anything this answer leads to.
        "Referrer-Policy": "no-referrer",
      },
    });
  } catch (error) {
    return problemResponse(toApiError(error), requestIdFor(request));
  }
}
