/**
 * The screenshot benchmark's figures and the Markdown it prints and records in bench/RESULTS.md:
 * the variants' rows, then the targets and whether each was met.
 */
import type { LoadPair } from "./load-pair";
import { overloadRow, type OverloadResult } from "./overload";
import type { LoadResult } from "./wrk";

export const round = (n: number, digits = 0) => Number(n.toFixed(digits));

export type Report = {
  a: number;
  b: number;
  d: number;
  bOverA: number;
  dOverB: number;
  c: LoadResult;
  e: LoadResult;
  paced: LoadPair["paced"];
  cOverE: number;
  inProcess: LoadPair & { cOverE: number };
  overload: OverloadResult;
};

export const allLoads = (r: Report) => [
  r.c,
  r.e,
  r.paced.c,
  r.paced.e,
  r.inProcess.c,
  r.inProcess.e,
  r.inProcess.paced.c,
  r.inProcess.paced.e,
];

const loadCell = (r: LoadResult) => `${round(r.rps)} req/s / ${round(r.p50, 1)} ms / ${round(r.p99, 1)} ms`;

/** How the run was made, for the rows' labels. */
export interface ReportSetup {
  samples: number;
  launchSamples: number;
  connections: number;
  durationSec: number;
  slots: number;
}

export function renderMarkdown(r: Report, checks: Record<string, boolean>, setup: ReportSetup) {
  const when = new Date().toISOString().replace(/\.\d+Z$/, "Z");
  const load = `${setup.connections} connections × ${setup.durationSec} s`;
  const errors = allLoads(r).reduce((n, x) => n + x.non2xx + x.errors, 0);
  const paced = (rate: number) => `paced at ${rate} req/s (half of (e)'s throughput), same connections`;
  return [
    `Last run: ${when}, \`npm run bench:screenshot\`, on this project's 2-core machine (wrk and the server share its cores; absolute numbers are noisy, compare rows of one run).`,
    "",
    "| variant | measure | result |",
    "|---|---|---|",
    `| (a) bare puppeteer-core, warm browser, new page per capture | median of ${setup.samples} | ${r.a} ms |`,
    `| (b) /v1/screenshot, cache MISS (full pipeline) | median of ${setup.samples} | ${r.b} ms |`,
    `| (c) /v1/screenshot, cache HIT, production server, ${load} | throughput / p50 / p99 | ${loadCell(r.c)} |`,
    `| (d) browser launched per capture | median of ${setup.launchSamples} | ${r.d} ms |`,
    `| (e) trivial app route, same bytes, production server, same load | throughput / p50 / p99 | ${loadCell(r.e)} |`,
    `| (c) HIT, production server, ${paced(r.paced.rate)} | throughput / p50 / p99 | ${loadCell(r.paced.c)} |`,
    `| (e) trivial route, production server, same paced load | throughput / p50 / p99 | ${loadCell(r.paced.e)} |`,
    `| (c′) as (c), route handler in-process without Next | throughput / p50 / p99 | ${loadCell(r.inProcess.c)} |`,
    `| (e′) as (e), in-process without Next | throughput / p50 / p99 | ${loadCell(r.inProcess.e)} |`,
    `| (c′) / (e′) ${paced(r.inProcess.paced.rate).replace("(e)", "(e′)")} | p99 | ${round(r.inProcess.paced.c.p99, 1)} ms / ${round(r.inProcess.paced.e.p99, 1)} ms |`,
    overloadRow(r.overload, setup.slots),
    "",
    "| target | value | met |",
    "|---|---|---|",
    `| (b) ≤ 1.1 × (a) | (b)/(a) = ${r.bOverA} | ${checks["(b) ≤ 1.1 × (a)"] ? "yes" : "**no**"} |`,
    `| (c) throughput ≥ 60 % of (e) | (c)/(e) = ${r.cOverE} (without Next: (c′)/(e′) = ${r.inProcess.cOverE}) | ${checks["(c) ≥ 60 % of (e)"] ? "yes" : "**no**"} |`,
    `| (c) p99 < 25 ms, paced at half of (e)'s throughput | ${round(r.paced.c.p99, 1)} ms ((e): ${round(r.paced.e.p99, 1)} ms; saturated: (c) ${round(r.c.p99, 1)} ms, (e) ${round(r.e.p99, 1)} ms) | ${checks["(c) p99 < 25 ms"] ? "yes" : "**no**"} |`,
    `| (d)/(b), a launch per capture against a MISS (measured; the 5× target is retired) | ${r.dOverB} | — |`,
    `| every load answer 2xx | non-2xx and errors: ${errors} | ${checks["(c)/(e) all 2xx"] ? "yes" : "**no**"} |`,
    `| (f) every overload request answered within its timeout | ${round(r.overload.answeredInTime * 100, 1)} % | ${checks["(f) all answered in time"] ? "yes" : "**no**"} |`,
  ].join("\n");
}
