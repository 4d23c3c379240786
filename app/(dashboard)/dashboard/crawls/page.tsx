import type { Metadata } from "next";
import Link from "next/link";
import { ColumnHeads } from "@/components/dashboard/column-heads";
import { formatDateTime } from "@/components/dashboard/format";
import { PageHeader } from "@/components/dashboard/shell";
import { linkClass } from "@/components/dashboard/styles";
import { TableCard } from "@/components/dashboard/table-card";
import { cn } from "@/components/ui";
import { requireWorkspace } from "@/lib/auth/workspace";
import { listCrawls } from "@/lib/crawl/store";
import { ownerId } from "@/lib/vocabulary/caller";

export const metadata: Metadata = { title: "Crawls" };

const SHOWN = 50;

/** Crawls (D32): the workspace's latest crawls with their status, progress and why they stopped. */
export default async function CrawlsPage() {
  const workspace = await requireWorkspace("/dashboard/crawls");
  const crawls = await listCrawls(ownerId({ userId: workspace.id }), SHOWN);
  return (
    <>
      <PageHeader
        title="Crawls"
        description={
          <>
            Sites crawled with POST /v1/crawl: each page rendered as /v1/content renders it, one render each. The latest{" "}
            {SHOWN} are listed here.{" "}
            <Link href="/docs/crawl" className={linkClass}>
              How it works
            </Link>
          </>
        }
      />
      {crawls.length === 0 ? (
        <p className="text-sm text-slate-600">No crawls yet.</p>
      ) : (
        <TableCard
          labelledBy="crawls-title"
          heading={
            <h2 id="crawls-title" className="sr-only">
              Your crawls
            </h2>
          }
          head={
            <ColumnHeads
              names={[
                "Site",
                "Status",
                { name: "Pages", className: "px-4 py-3 font-medium text-right" },
                { name: "Created", className: "hidden px-4 py-3 font-medium sm:table-cell" },
              ]}
            />
          }
        >
          {crawls.map((crawl) => (
            <tr key={crawl.id} data-testid="crawl">
              <td className="max-w-xs px-4 py-3">
                <Link href={`/dashboard/crawls/${crawl.id}`} className={cn(linkClass, "break-all")}>
                  {crawl.url}
                </Link>
              </td>
              <td className="px-4 py-3 text-slate-700" data-testid="crawl-status">
                {crawl.status}
                {crawl.stop_reason ? ` (${crawl.stop_reason})` : ""}
              </td>
              <td className="px-4 py-3 text-right tabular-nums text-slate-700" data-testid="crawl-progress">
                {crawl.completed} done · {crawl.failed} failed · {crawl.total} found
              </td>
              <td className="hidden px-4 py-3 text-slate-600 sm:table-cell">{formatDateTime(crawl.created_at)}</td>
            </tr>
          ))}
        </TableCard>
      )}
    </>
  );
}
