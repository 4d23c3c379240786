import { cn } from "@/components/ui";
import { formatDay, formatNumber, formatPercent } from "@/components/dashboard/format";
import type { DailyUsage } from "@/lib/usage/stats";
import { ColumnHeads } from "@/components/dashboard/column-heads";
import { ScrollsToEnd } from "./scrolls-to-end";

const W = 720;
const H = 260;
const M = { top: 16, right: 44, bottom: 30, left: 44 };
const PLOT_W = W - M.left - M.right;
const PLOT_H = H - M.top - M.bottom;

/** A round axis maximum with four even steps. */
function niceMax(max: number): number {
  if (max <= 4) return 4;
  const magnitude = 10 ** Math.floor(Math.log10(max / 4));
  for (const step of [1, 2, 2.5, 5, 10]) {
    if (step * magnitude * 4 >= max) return step * magnitude * 4;
  }
  return max;
}

/**
 * Requests per day as bars (the part that needed a render in the darker shade) and the cache-hit
 * ratio as a line on the right-hand axis. The SVG is one labelled image for assistive technology;
 * the same numbers are in the table below it.
 */
export function UsageChart({ days }: { days: DailyUsage[] }) {
  const yMax = niceMax(Math.max(0, ...days.map((d) => d.requests)));
  const slot = PLOT_W / Math.max(days.length, 1);
  const barW = Math.max(2, slot * 0.64);
  const y = (v: number) => M.top + PLOT_H - (v / yMax) * PLOT_H;
  const yRatio = (r: number) => M.top + PLOT_H - r * PLOT_H;
  const x = (i: number) => M.left + i * slot + slot / 2;
  // Renders are drawn over requests (every render is a request), so a day's two bars share one shape.
  const bar = (i: number, value: number, fill: string) =>
    value > 0 && (
      <rect x={x(i) - barW / 2} y={y(value)} width={barW} height={y(0) - y(value)} rx={1.5} className={fill} />
    );

  const total = days.reduce((s, d) => s + d.requests, 0);
  const renders = days.reduce((s, d) => s + d.renders, 0);
  const hits = days.reduce((s, d) => s + d.cacheHits, 0);
  const misses = days.reduce((s, d) => s + d.cacheMisses, 0);
  const busiest = days.reduce<DailyUsage | undefined>(
    (best, d) => (d.requests > (best?.requests ?? 0) ? d : best),
    undefined,
  );
  const summary =
    total === 0
      ? `No requests in the last ${days.length} days.`
      : `${formatNumber(total)} requests in the last ${days.length} days, ${formatNumber(hits)} served from cache (hit ratio ${formatPercent(hits + misses ? hits / (hits + misses) : null)}); ${formatNumber(renders)} renders counted against the quota. Busiest day: ${formatDay(busiest!.day)} with ${formatNumber(busiest!.requests)} requests.`;

  const ratioPoints = days
    .map((d, i) => (d.hitRatio === null ? null : `${x(i).toFixed(1)},${yRatio(d.hitRatio).toFixed(1)}`))
    .filter((p): p is string => p !== null);
  const labelEvery = days.length > 14 ? 7 : 1;

  return (
    <figure>
      <div className="mb-3 flex flex-wrap gap-x-5 gap-y-1 text-xs text-slate-600" aria-hidden="true">
        <Legend swatch="bg-brand-200" label="Requests" />
        <Legend swatch="bg-brand-600" label="Renders (cache misses)" />
        <Legend swatch="bg-emerald-500" label="Cache-hit ratio (right axis)" line />
      </div>
      {/* Below ~560px the chart scrolls sideways rather than shrinking its labels to illegible sizes, opening at today. */}
      <ScrollsToEnd className="-mx-1 overflow-x-auto px-1 focus-visible:outline-2 focus-visible:outline-brand-600">
        <svg
          viewBox={`0 0 ${W} ${H}`}
          className="h-auto w-full min-w-[35rem]"
          role="img"
          aria-label={summary}
          data-testid="usage-chart"
        >
          {[0, 0.25, 0.5, 0.75, 1].map((t) => (
            <g key={t}>
              <line
                x1={M.left}
                x2={W - M.right}
                y1={y(yMax * t)}
                y2={y(yMax * t)}
                className="stroke-slate-200"
                strokeDasharray={t === 0 ? undefined : "3 3"}
              />
              <text x={M.left - 8} y={y(yMax * t)} dy="0.32em" textAnchor="end" className="fill-slate-500 text-[11px]">
                {formatNumber(Math.round(yMax * t))}
              </text>
              <text x={W - M.right + 8} y={yRatio(t)} dy="0.32em" className="fill-emerald-700 text-[11px]">
                {Math.round(t * 100)}%
              </text>
            </g>
          ))}
          {days.map((d, i) => (
            <g key={d.day}>
              <title>{`${formatDay(d.day)}: ${formatNumber(d.requests)} requests, ${formatNumber(d.renders)} renders, hit ratio ${formatPercent(d.hitRatio)}`}</title>
              {/* Invisible full-height target so the tooltip shows on empty days too. */}
              <rect x={x(i) - slot / 2} y={M.top} width={slot} height={PLOT_H} fill="transparent" />
              {bar(i, d.requests, "fill-brand-200")}
              {bar(i, d.renders, "fill-brand-600")}
              {i % labelEvery === (days.length - 1) % labelEvery && (
                <text x={x(i)} y={H - M.bottom + 18} textAnchor="middle" className="fill-slate-500 text-[11px]">
                  {formatDay(d.day)}
                </text>
              )}
            </g>
          ))}
          {ratioPoints.length > 1 && (
            <polyline
              points={ratioPoints.join(" ")}
              fill="none"
              className="stroke-emerald-500"
              strokeWidth={2}
              strokeLinejoin="round"
            />
          )}
          {ratioPoints.map((p) => {
            const [cx, cy] = p.split(",");
            return <circle key={p} cx={cx} cy={cy} r={2.5} className="fill-emerald-500" />;
          })}
        </svg>
      </ScrollsToEnd>
      <figcaption className="sr-only">{summary}</figcaption>
    </figure>
  );
}

function Legend({ swatch, label, line }: { swatch: string; label: string; line?: boolean }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <span className={cn(swatch, line ? "h-0.5 w-4" : "size-3 rounded-sm", "inline-block")} />
      {label}
    </span>
  );
}

/** The chart's numbers as a table (newest day first). */
export function UsageTable({ days }: { days: DailyUsage[] }) {
  return (
    <table className="w-full text-left text-sm" data-testid="usage-table">
      <caption className="sr-only">Requests, renders and cache-hit ratio per day (UTC), newest first</caption>
      {/* Sticky: the table scrolls inside its box, and the column names stay in view. */}
      <ColumnHeads
        className="sticky top-0 border-b border-slate-200 bg-white text-xs uppercase tracking-wide text-slate-500"
        cellClassName="py-2 pr-4 text-right font-medium"
        data-testid="usage-table-head"
        names={[
          { name: "Day (UTC)", className: "py-2 pr-4 font-medium" },
          "Requests",
          "Renders",
          "Cache hits",
          { name: "Hit ratio", className: "py-2 text-right font-medium" },
        ]}
      />
      <tbody className="divide-y divide-slate-100 tabular-nums">
        {[...days].reverse().map((d) => (
          <tr key={d.day} data-day={d.day}>
            <th scope="row" className="py-1.5 pr-4 font-normal text-slate-700">
              {formatDay(d.day)}
            </th>
            <td className="py-1.5 pr-4 text-right">{formatNumber(d.requests)}</td>
            <td className="py-1.5 pr-4 text-right">{formatNumber(d.renders)}</td>
            <td className="py-1.5 pr-4 text-right">{formatNumber(d.cacheHits)}</td>
            <td className="py-1.5 text-right">{formatPercent(d.hitRatio)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
