import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ColumnHeads } from "@/components/dashboard/column-heads";
import { formatDateTime } from "@/components/dashboard/format";
import { PageHeader } from "@/components/dashboard/shell";
import { linkClass } from "@/components/dashboard/styles";
import { TableCard } from "@/components/dashboard/table-card";
import { cn } from "@/components/ui";
import { requireWorkspace } from "@/lib/auth/workspace";
import { downloadLink } from "@/lib/crawl/download-link";
import { crawlCounts, crawlPagesInOrder, findCrawl } from "@/lib/crawl/store";
import { ownerId } from "@/lib/vocabulary/caller";

export const metadata: Metadata = { title: "Crawl" };

/** The pages shown; all of them are in pages.jsonl. */
const SHOWN = 500;

/** One crawl (D32): where it stands, its pages in the order found, and all of them as JSON lines. */
export default async function CrawlPage(props: { params: Promise<{ id: string }> }) {
  const { id } = await props.params;
  const workspace = await requireWorkspace(`/dashboard/crawls/${encodeURIComponent(id)}`);
  const crawl = await findCrawl(id, ownerId({ userId: workspace.id }));
  if (!crawl) notFound();
  const [counts, pages, download] = await Promise.all([
    crawlCounts(crawl.id),
    crawlPagesInOrder(crawl.id, SHOWN),
    downloadLink(crawl.id, crawl.user_id),
  ]);
  return (
    <>
      <PageHeader
        title="Crawl"
        description={
          <>
            <span className="break-all">{crawl.url}</span> ·{" "}
            <Link href="/dashboard/crawls" className={linkClass}>
              All crawls
            </Link>
          </>
        }
      />
      <p className="mb-4 text-sm text-slate-700" data-testid="crawl-summary">
        {crawl.status}
        {crawl.stop_reason ? ` (${crawl.stop_reason})` : ""} · {counts.completed} done · {counts.failed} failed ·{" "}
        {counts.queued} queued · {counts.total} found of at most {crawl.page_limit} · started{" "}
        {formatDateTime(crawl.created_at)}
        {crawl.finished_at ? ` · ended ${formatDateTime(crawl.finished_at)}` : ""} ·{" "}
        <a href={download} className={linkClass} download data-testid="crawl-download">
          Download pages.jsonl
        </a>{" "}
        (the link works for an hour from anywhere, without signing in)
      </p>
      {counts.total > SHOWN && (
        <p className="mb-4 text-sm text-slate-600">The first {SHOWN} pages are shown; pages.jsonl has them all.</p>
      )}
      <TableCard
        labelledBy="pages-title"
        heading={
          <h2 id="pages-title" className="sr-only">
            Pages
          </h2>
        }
        head={<ColumnHeads names={["Page", "Status", "Title"]} />}
      >
        {pages.map((page) => (
          <tr key={page.seq} data-testid="crawl-page">
            <td className="max-w-xs break-all px-4 py-3">
              <a href={page.url} className={linkClass} rel="noreferrer">
                {page.url}
              </a>
            </td>
            <td className={cn("px-4 py-3", page.status === "failed" ? "text-rose-700" : "text-slate-700")}>
              {page.status}
              {page.error ? ` (${String(page.error.code)})` : ""}
            </td>
            <td className="px-4 py-3 text-slate-700">
              {page.error ? String(page.error.detail ?? "") : String(page.result?.title ?? "")}
            </td>
          </tr>
        ))}
      </TableCard>
    </>
  );
}
