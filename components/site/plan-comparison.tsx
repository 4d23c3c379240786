import { Table, TBody, TD, TH, THead, TR } from "@/components/ui";
import { ANIMATE_LIMITS, MS_PER_RENDER } from "@/lib/animate/limits";
import { crawlAllowance, monitorAllowance, PLAN_IDS, PLANS, type Plan } from "@/lib/plans";
import { gatedFeatures, includes } from "./plan-features";

const n = (v: number) => v.toLocaleString("en-US");

/** The D4 numbers, one row each, in the order a buyer compares them. */
const PLAN_LIMIT_ROWS: ReadonlyArray<{ label: string; value: (p: Plan) => string; hint?: string }> = [
  { label: "Price", value: (p) => (p.priceUsdPerMonth === 0 ? "$0" : `$${p.priceUsdPerMonth}/mo`) },
  { label: "Renders / month", value: (p) => n(p.rendersPerMonth), hint: "Cache misses; cache hits are free." },
  { label: "Requests / minute", value: (p) => n(p.requestsPerMinute), hint: "All keys of the account together." },
  { label: "Cache TTL", value: (p) => `${p.cacheTtlDays} days` },
  { label: "API keys", value: (p) => n(p.maxApiKeys) },
  {
    label: "Full-page height",
    value: (p) => `${n(p.fullPageMaxHeight)} px`,
    hint: "CSS px of a fullPage image; taller pages are cut there and reported incomplete.",
  },
  {
    label: "Page monitors",
    value: (p) => monitorAllowance(p).replace(", checked at most ", ", "),
    hint: "Visual change alerts; each run is a render.",
  },
  {
    label: "Site crawls",
    value: (p) => crawlAllowance(p).replace(" at a time, up to ", " at once, "),
    hint: "Each page crawled is a render; failed pages are free.",
  },
  {
    label: "Connectors",
    value: (p) => n(p.connectors),
    hint: "Outbound connectors that let renders reach your private sites; a failover pair is two.",
  },
  // Live browser sessions (/v1/browser, D39).
  {
    label: "Browser sessions",
    value: (p) =>
      `${n(p.browserSessions.concurrent)} at once, up to ${p.browserSessions.maxMinutes} min, ${p.browserSessions.idleMinutes} min idle`,
    hint: "puppeteer or Playwright over CDP; metered in session-minutes.",
  },
  // Recordings (/v1/animate, D26).
  {
    label: "Recording length",
    value: (p) => `${ANIMATE_LIMITS[p.id].maxDurationMs / 1000} s`,
    hint: `Scroll videos, GIFs, recorded steps; one render per started ${MS_PER_RENDER / 1000} s.`,
  },
  {
    label: "Recording size",
    value: (p) => `${ANIMATE_LIMITS[p.id].maxLongSide} × ${ANIMATE_LIMITS[p.id].maxShortSide}`,
  },
  { label: "Recording frame rate", value: (p) => `${ANIMATE_LIMITS[p.id].maxFps} fps` },
];

function Check({ on }: { on: boolean }) {
  return on ? (
    <svg
      viewBox="0 0 20 20"
      fill="currentColor"
      className="mx-auto size-5 text-emerald-600"
      role="img"
      aria-label="Included"
    >
      <path
        fillRule="evenodd"
        d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.58l7.3-7.3a1 1 0 0 1 1.4 0Z"
        clipRule="evenodd"
      />
    </svg>
  ) : (
    <span className="block text-center text-slate-300" role="img" aria-label="Not included">
      —
    </span>
  );
}

/**
 * Full comparison: the D4 limits, then every plan-gated feature with a check per plan. It scrolls
 * in a box of its own under a sticky row of plan names; on a phone the columns are fixed and the
 * cells tight so all four plans fit beside the feature names (#35 point 3).
 */
export function PlanComparison() {
  const features = gatedFeatures();
  const groups = [...new Set(features.map((f) => f.group))];
  return (
    <Table
      label="Plan comparison"
      data-testid="plan-comparison"
      boxClassName="max-h-[75vh] overflow-y-auto"
      className="table-fixed text-xs sm:table-auto sm:text-sm [&_td]:px-1 [&_th]:px-1 sm:[&_td]:px-4 sm:[&_th]:px-4"
    >
      <THead className="sticky top-0 z-10 shadow-[0_1px_0_var(--color-slate-200)]">
        <TR>
          <TH className="w-[34%] sm:w-1/3">
            <span className="sr-only">Feature</span>
          </TH>
          {PLAN_IDS.map((id) => (
            <TH
              key={id}
              className="text-center normal-case tracking-normal text-slate-900 sm:uppercase sm:tracking-wide"
            >
              {PLANS[id].name}
            </TH>
          ))}
        </TR>
      </THead>
      <TBody>
        {PLAN_LIMIT_ROWS.map((row) => (
          <TR key={row.label} data-limit={row.label}>
            <TH scope="row" className="font-medium normal-case text-slate-900">
              {row.label}
              {row.hint && <span className="block text-xs font-normal text-slate-500">{row.hint}</span>}
            </TH>
            {PLAN_IDS.map((id) => (
              <TD key={id} className="text-center font-medium tabular-nums text-slate-900">
                {row.value(PLANS[id])}
              </TD>
            ))}
          </TR>
        ))}
        {groups.map((group) => [
          <TR key={group} className="bg-slate-50">
            <TH
              scope="colgroup"
              colSpan={PLAN_IDS.length + 1}
              className="text-xs uppercase tracking-wide text-slate-500"
            >
              {group}
            </TH>
          </TR>,
          ...features
            .filter((f) => f.group === group)
            .map((f) => (
              <TR key={f.name}>
                <TH scope="row" className="font-normal normal-case">
                  <code className="font-mono text-[11px] text-slate-900 [overflow-wrap:anywhere] sm:text-[13px]">
                    {f.name}
                  </code>
                  <span className="block text-xs text-slate-500">{f.description}</span>
                </TH>
                {PLAN_IDS.map((id) => (
                  <TD key={id}>
                    <Check on={includes(id, f)} />
                  </TD>
                ))}
              </TR>
            )),
        ])}
      </TBody>
    </Table>
  );
}
