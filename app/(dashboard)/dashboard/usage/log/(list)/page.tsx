import { cn, buttonClasses } from "@/components/ui";
import type { Metadata } from "next";
import Link from "next/link";
import { formatDateTime } from "@/components/dashboard/format";
import { PageHeader } from "@/components/dashboard/shell";
import { cardClass, linkClass } from "@/components/dashboard/styles";
import { requireUser } from "@/lib/auth/session";
import { listApiKeys } from "@/lib/keys/service";
import { LOG_ENDPOINTS, LOG_STATUS_CLASSES, listRequestLog, type RequestLogFilter } from "@/lib/usage/request-log";
import { USAGE_LOG_MAX_ROWS_PER_ACCOUNT, USAGE_LOG_RETENTION_DAYS } from "@/lib/usage/retention";

export const metadata: Metadata = { title: "Request log" };

type Search = Promise<Record<string, string | string[] | undefined>>;

const one = (v: string | string[] | undefined) => (typeof v === "string" && v ? v : undefined);
const selectClass = "mt-1 block rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900";

export default async function RequestLogPage({ searchParams }: { searchParams: Search }) {
  const user = await requireUser("/dashboard/usage/log");
  const query = await searchParams;
  const filter: RequestLogFilter = {
    status: one(query.status),
    keyId: one(query.key),
    endpoint: one(query.endpoint),
    before: one(query.before),
  };
  const [page, keys] = await Promise.all([listRequestLog(user.id, filter), listApiKeys(user.id)]);
  const olderHref = page.nextCursor
    ? `?${new URLSearchParams({ ...(filter.status && { status: filter.status }), ...(filter.keyId && { key: filter.keyId }), ...(filter.endpoint && { endpoint: filter.endpoint }), before: page.nextCursor })}`
    : null;

  return (
    <>
      <PageHeader
        title="Request log"
        description={`Your API requests of the last ${USAGE_LOG_RETENTION_DAYS} days, newest first (at most the newest ${USAGE_LOG_MAX_ROWS_PER_ACCOUNT.toLocaleString("en-US")}). Times are UTC.`}
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
          <table className="w-full text-left text-sm" data-testid="request-log">
            <thead className="sticky top-0 z-10 border-b border-slate-200 bg-white text-xs uppercase text-slate-500">
              <tr>
                {["Time", "Endpoint", "Key", "Status", "Error", "Cache", "Render ms", "Target host", "Request id"].map(
                  (h, i) => (
                    <th
                      key={h}
                      scope="col"
                      className={cn("bg-white px-3 py-2 font-medium", i === 0 && "sticky left-0")}
                    >
                      {h}
                    </th>
                  ),
                )}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {page.entries.map((e) => (
                <tr key={e.id}>
                  <td className="sticky left-0 whitespace-nowrap bg-white px-3 py-2 tabular-nums">
                    {formatDateTime(e.at)}
                  </td>
                  <td className="px-3 py-2">/v1/{e.endpoint}</td>
                  <td className="px-3 py-2">{e.keyName ?? "—"}</td>
                  <td className={cn("px-3 py-2 tabular-nums", e.status >= 400 && "font-semibold text-red-700")}>
                    {e.status}
                  </td>
                  <td className="px-3 py-2">
                    {e.errorCode ? (
                      <a href={`/docs/errors#${e.errorCode}`} className={linkClass}>
                        <code>{e.errorCode}</code>
                      </a>
                    ) : (
                      "—"
                    )}
                  </td>
                  <td className="px-3 py-2">{e.cache ?? "—"}</td>
                  <td className="px-3 py-2 tabular-nums">{e.renderMs ?? "—"}</td>
                  <td className="max-w-48 truncate px-3 py-2">{e.targetHost ?? "—"}</td>
                  <td className="px-3 py-2">
                    <code className="text-xs">{e.requestId ?? "—"}</code>
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
