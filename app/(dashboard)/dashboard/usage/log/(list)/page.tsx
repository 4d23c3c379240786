import { cn, buttonClasses } from "@/components/ui";
import type { Metadata } from "next";
import Link from "next/link";
import { Fragment } from "react";
import { formatDateTime } from "@/components/dashboard/format";
import { PageHeader } from "@/components/dashboard/shell";
import { cardClass, linkClass } from "@/components/dashboard/styles";
import { requireWorkspace } from "@/lib/auth/workspace";
import { listApiKeys } from "@/lib/keys/service";
import { LOG_ENDPOINTS, LOG_STATUS_CLASSES, listRequestLog, type RequestLogFilter } from "@/lib/usage/request-log";
import { USAGE_LOG_MAX_ROWS_PER_ACCOUNT, USAGE_LOG_RETENTION_DAYS } from "@/lib/usage/retention";

export const metadata: Metadata = { title: "Request log" };

type Search = Promise<Record<string, string | string[] | undefined>>;

// A phone shows what a failing request needs at a glance (#35 point 3): time, status, error and
// endpoint; the rest is on wider screens and on each request's own page (D33).
// At 1280 px (#51) every column fits whole, the request id and error codes on one line: format,
// cache and render time, which each request's page shows, come only on wider screens still.
const WIDE = "hidden md:table-cell";
const WIDEST = "hidden 2xl:table-cell";
const CELL = "px-2 py-2 2xl:px-3";
const COLUMNS: ReadonlyArray<{ label: string; shown?: string }> = [
  { label: "Time" },
  { label: "Status" },
  { label: "Error" },
  { label: "Endpoint" },
  { label: "Format", shown: WIDEST },
  { label: "URL", shown: WIDE },
  { label: "Key", shown: WIDE },
  { label: "Cache", shown: WIDEST },
  { label: "Render ms", shown: WIDEST },
  { label: "Request id", shown: WIDE },
];

/**
 * The key's name, or where a keyless request came from (the docs playground, an MCP agent over
 * OAuth, a deleted key); an MCP agent's call is marked as such whichever credential it used (#51).
 */
function keyLabel(e: { keyName: string | null; via: string | null }): string {
  if (e.via === "mcp") return `MCP · ${e.keyName ?? "deleted key"}`;
  if (e.via === "mcp-oauth") return "MCP agent (OAuth)";
  if (e.keyName) return e.keyName;
  return e.via === "playground" ? "Playground" : "—";
}

/** An error code with a break opportunity after each underscore (a <wbr>, so its text stays the same). */
function breakableAtUnderscores(code: string) {
  return code.split("_").map((part, i, parts) => (
    <Fragment key={i}>
      {part}
      {i < parts.length - 1 && (
        <>
          _<wbr />
        </>
      )}
    </Fragment>
  ));
}

const one = (v: string | string[] | undefined) => (typeof v === "string" && v ? v : undefined);
const selectClass = "mt-1 block rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900";

export default async function RequestLogPage({ searchParams }: { searchParams: Search }) {
  const workspace = await requireWorkspace("/dashboard/usage/log");
  const query = await searchParams;
  const filter: RequestLogFilter = {
    status: one(query.status),
    keyId: one(query.key),
    endpoint: one(query.endpoint),
    before: one(query.before),
  };
  const [page, keys] = await Promise.all([listRequestLog(workspace.id, filter), listApiKeys(workspace.id)]);
  const olderHref = page.nextCursor
    ? `?${new URLSearchParams({ ...(filter.status && { status: filter.status }), ...(filter.keyId && { key: filter.keyId }), ...(filter.endpoint && { endpoint: filter.endpoint }), before: page.nextCursor })}`
    : null;

  return (
    <>
      <PageHeader
        title="Request log"
        description={`Your API requests of the last ${USAGE_LOG_RETENTION_DAYS} days, newest first (at most the newest ${USAGE_LOG_MAX_ROWS_PER_ACCOUNT.toLocaleString("en-US")}). Times are UTC; open a request by its time.`}
        actions={
          <Link href="/dashboard/usage" className={linkClass}>
            Daily usage
          </Link>
        }
      />
      <form
        method="get"
        className={cn(cardClass, "mb-4 flex flex-wrap items-end gap-4 p-4")}
        aria-label="Filter the log"
      >
        <FilterSelect
          label="Status"
          name="status"
          value={filter.status}
          options={LOG_STATUS_CLASSES.map((s) => [s, s === "errors" ? "Errors (4xx and 5xx)" : s])}
        />
        <FilterSelect
          label="Key"
          name="key"
          value={filter.keyId}
          options={keys.map((k) => [k.id, `${k.name} (${k.display})`])}
        />
        <FilterSelect
          label="Endpoint"
          name="endpoint"
          value={filter.endpoint}
          options={LOG_ENDPOINTS.map((e) => [e, `/v1/${e}`])}
        />
        <button type="submit" className={buttonClasses({ variant: "outline" })}>
          Filter
        </button>
      </form>
      {/* A box of its own that scrolls both ways: the column names stay on top and the time on the left (D22). */}
      <section
        className={cn(cardClass, "max-h-[75vh] overflow-auto")}
        tabIndex={0}
        aria-label="Requests"
        data-testid="request-log-box"
      >
        {page.entries.length === 0 ? (
          <p className="px-6 py-12 text-center text-sm text-slate-600">No requests match.</p>
        ) : (
          <table className="w-full text-left text-xs sm:text-sm" data-testid="request-log">
            <thead className="sticky top-0 z-10 border-b border-slate-200 bg-white text-xs uppercase text-slate-500">
              <tr>
                {COLUMNS.map((c, i) => (
                  <th
                    key={c.label}
                    scope="col"
                    className={cn(
                      "whitespace-nowrap bg-white px-2 py-2 font-medium 2xl:px-3",
                      i === 0 && "sticky left-0",
                      c.shown,
                    )}
                  >
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {page.entries.map((e) => (
                <tr key={e.id} data-via={e.via ?? undefined}>
                  <td className="sticky left-0 bg-white px-2 py-2 tabular-nums sm:whitespace-nowrap 2xl:px-3">
                    <Link href={`/dashboard/usage/log/${e.id}`} className={linkClass} title="Open this request">
                      {formatDateTime(e.at)}
                    </Link>
                  </td>
                  <td className={cn(CELL, "tabular-nums", e.status >= 400 && "font-semibold text-red-700")}>
                    {e.status}
                  </td>
                  <td className={CELL}>
                    {e.errorCode ? (
                      <a href={`/docs/errors#${e.errorCode}`} className={linkClass}>
                        {/* On one line from sm; a phone breaks only at the underscores, never letter by
                            letter (Chromium breaks at a <wbr> even in nowrap, hence two forms). */}
                        <code className="text-xs sm:whitespace-nowrap">
                          <span className="sm:hidden">{breakableAtUnderscores(e.errorCode)}</span>
                          <span className="hidden sm:inline">{e.errorCode}</span>
                        </code>
                      </a>
                    ) : (
                      "—"
                    )}
                  </td>
                  <td className={cn(CELL, "whitespace-nowrap")}>/v1/{e.endpoint}</td>
                  {/* A browser session's entry (D39) shows its metered minutes where a render shows its format. */}
                  <td className={cn(CELL, WIDEST)}>
                    {e.sessionMinutes === null ? (e.format ?? "—") : `${e.sessionMinutes} session-min`}
                  </td>
                  <td className={cn(CELL, WIDE, "max-w-40 truncate 2xl:max-w-64")} title={e.targetUrl ?? undefined}>
                    {e.targetUrl ?? e.targetHost ?? "—"}
                  </td>
                  <td className={cn(CELL, WIDE, "whitespace-nowrap")}>{keyLabel(e)}</td>
                  <td className={cn(CELL, WIDEST)}>{e.cache ?? "—"}</td>
                  <td className={cn(CELL, WIDEST, "tabular-nums")}>{e.renderMs ?? "—"}</td>
                  <td className={cn(CELL, WIDE)}>
                    <code className="whitespace-nowrap text-xs">{e.requestId ?? "—"}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <nav className="mt-4 flex gap-3" aria-label="Pages">
        {filter.before && (
          <Link href="?" className={buttonClasses({ variant: "ghost" })}>
            Newest
          </Link>
        )}
        {olderHref && (
          <Link href={olderHref} className={buttonClasses({ variant: "outline" })}>
            Older
          </Link>
        )}
      </nav>
    </>
  );
}

function FilterSelect({
  label,
  name,
  value,
  options,
}: {
  label: string;
  name: string;
  value?: string;
  options: Array<[string, string]>;
}) {
  return (
    <label className="text-sm text-slate-700">
      {label}
      <select name={name} defaultValue={value ?? ""} className={selectClass}>
        <option value="">Any</option>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}
