/**
 * The real-pages benchmark's tables (bench/realpages.ts, D30): per concurrency, both sides'
 * throughput over the whole run, latency, CPU per render (process tree, this process, whole
 * machine) and the ratios against bare measured in the same run; CPU by process kind; each
 * page's pixel agreement; the targets.
 */
import os from "node:os";
import { type CpuByKind, type ProcessKind, totalOf } from "./proc-cpu";
import { median } from "./stats";

export interface Phase {
  side: "glance" | "bare";
  inFlight: number;
  /** Which round of its concurrency (from 0): a round is one phase by each side, back to back. */
  round: number;
  renders: number;
  wallSeconds: number;
  latencies: number[];
  /** CPU seconds of the side's process tree over the phase and its leftover work, by kind. */
  tree: CpuByKind;
  /** CPU seconds of the bench process (client side, docs server) over the same time. */
  client: number;
  /** Busy CPU seconds of the whole machine over the same time (other work included). */
  machine: number;
  /** Renderer processes started under the side's tree over the same time. */
  renderersLaunched: number;
}

/**
 * What the "bare" side is (issue 50 point 1): `tuned`, puppeteer-core launched with the features
 * Glance turns off also off (what puppeteer-core 25 does by default, so what a customer's own
 * script gets) — the baseline judged since; `stock`, the launch this project's puppeteer-core
 * gives as it is (D30's first comparisons), kept to compare with older runs.
 */
export type Baseline = "tuned" | "stock";

const TARGETS: Record<Baseline, { throughput: number; cpu: number; p50ExtraMs?: number; agreement: number }> = {
  // Against tuned bare (issue 50 point 2): at least as fast, no more CPU, p50 at 1 in flight within 20 ms.
  tuned: { throughput: 1.0, cpu: 1.0, p50ExtraMs: 20, agreement: 0.995 },
  stock: { throughput: 0.95, cpu: 1.05, agreement: 0.995 },
};
const BASELINE_LABEL: Record<Baseline, string> = { tuned: "tuned bare", stock: "bare" };

const KINDS: ProcessKind[] = ["node", "browser", "renderer", "gpu", "utility", "zygote", "exited", "other"];

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
}

interface Totals {
  renders: number;
  wall: number;
  latencies: number[];
  tree: Record<ProcessKind, number>;
  client: number;
  machine: number;
  renderersLaunched: number;
}

function totals(phases: Phase[]): Totals {
  const tree = Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<ProcessKind, number>;
  for (const p of phases) for (const k of KINDS) tree[k] += p.tree[k] ?? 0;
  return {
    renders: phases.reduce((t, p) => t + p.renders, 0),
    wall: phases.reduce((t, p) => t + p.wallSeconds, 0),
    latencies: phases.flatMap((p) => p.latencies),
    tree,
    client: phases.reduce((t, p) => t + p.client, 0),
    machine: phases.reduce((t, p) => t + p.machine, 0),
    renderersLaunched: phases.reduce((t, p) => t + p.renderersLaunched, 0),
  };
}

const cpuPerRender = (t: Totals) => (totalOf(t.tree) + t.client) / t.renders;
const f2 = (n: number) => n.toFixed(2);

/**
 * Glance's throughput and CPU per render over bare's, one pair per round: the two phases of a
 * round run back to back, so whatever slows this shared machine for a minute weighs on both. Over
 * a level's pooled phases, one slow minute that fell on one side's phase moved the ratio by 10-20 %
 * (D30); the median of the rounds' ratios is what the targets judge, the pooled ratio is shown too.
 */
export function pairedRatios(phases: Phase[], inFlight: number): { throughput: number[]; cpu: number[] } {
  const level = phases.filter((p) => p.inFlight === inFlight);
  const rounds = [...new Set(level.map((p) => p.round))].sort((a, b) => a - b);
  const throughput: number[] = [];
  const cpu: number[] = [];
  for (const round of rounds) {
    const g = level.filter((p) => p.round === round && p.side === "glance");
    const b = level.filter((p) => p.round === round && p.side === "bare");
    if (g.length === 0 || b.length === 0) continue; // a round cut short has no pair
    const [gt, bt] = [totals(g), totals(b)];
    throughput.push(gt.renders / gt.wall / (bt.renders / bt.wall));
    cpu.push(cpuPerRender(gt) / cpuPerRender(bt));
  }
  return { throughput, cpu };
}

/** "0.98 (0.91–1.06)": the median of the rounds' ratios and their range. */
const spread = (ratios: number[]) => `${f2(median(ratios))} (${f2(Math.min(...ratios))}–${f2(Math.max(...ratios))})`;

export function realPagesReport(input: {
  phases: Phase[];
  agreement: Map<string, number>;
  levels: number[];
  rounds: number;
  loadBefore: number[];
  loadAfter: number[];
  baseline: Baseline;
  /** Levels at which the Glance server ran with its default settings (no slot count set for the level). */
  defaultSlotsAt: number[];
}): { markdown: string; met: boolean } {
  const { phases, agreement, levels } = input;
  const target = TARGETS[input.baseline];
  const bare = BASELINE_LABEL[input.baseline];
  const rows: string[] = [];
  const verdicts: boolean[] = [];
  const all = {
    glance: totals(phases.filter((p) => p.side === "glance")),
    bare: totals(phases.filter((p) => p.side === "bare")),
  };
  for (const inFlight of levels) {
    const g = totals(phases.filter((p) => p.side === "glance" && p.inFlight === inFlight));
    const b = totals(phases.filter((p) => p.side === "bare" && p.inFlight === inFlight));
    const pooled = { throughput: g.renders / g.wall / (b.renders / b.wall), cpu: cpuPerRender(g) / cpuPerRender(b) };
    const paired = pairedRatios(phases, inFlight);
    const throughputMet = median(paired.throughput) >= target.throughput;
    const cpuMet = median(paired.cpu) <= target.cpu;
    const p50Met =
      inFlight !== 1 ||
      target.p50ExtraMs === undefined ||
      quantile(g.latencies, 0.5) <= quantile(b.latencies, 0.5) + target.p50ExtraMs;
    verdicts.push(throughputMet, cpuMet, p50Met);
    const slots = input.defaultSlotsAt.includes(inFlight) ? " (default slots)" : "";
    rows.push(
      `| ${inFlight}${slots} | ${f2(b.renders / b.wall)} | ${f2(g.renders / g.wall)} | ${spread(paired.throughput)}${throughputMet ? "" : " **✗**"} | ${f2(pooled.throughput)} ` +
        `| ${Math.round(quantile(b.latencies, 0.5))} / ${Math.round(quantile(b.latencies, 0.95))} | ${Math.round(quantile(g.latencies, 0.5))}${p50Met ? "" : " **✗**"} / ${Math.round(quantile(g.latencies, 0.95))} ` +
        `| ${f2(cpuPerRender(b))} | ${f2(cpuPerRender(g))} | ${spread(paired.cpu)}${cpuMet ? "" : " **✗**"} | ${f2(pooled.cpu)} | ${f2(b.machine / b.renders)} / ${f2(g.machine / g.renders)} |`,
    );
  }
  const kindRow = (label: string, of: (t: Totals) => number) =>
    `| ${label} | ${f2(of(all.bare) / all.bare.renders)} | ${f2(of(all.glance) / all.glance.renders)} |`;
  const worst = Math.min(...agreement.values());
  verdicts.push(worst >= target.agreement);
  const pct = (x: number) => `${(x * 100).toFixed(2)} %`;
  const load = (l: number[]) => l.map((x) => x.toFixed(1)).join(", ");
  const markdown = [
    `Last run: ${new Date().toISOString().replace(/\.\d+Z$/, "Z")}, \`npm run bench:realpages\`, ${os.cpus().length} cores shared with other work: load average (1, 5, 15 min) ${load(input.loadBefore)} at the start, ${load(input.loadAfter)} at the end. ${agreement.size} Debian documentation pages, 1280×800 PNG, a distinct URL per request; ${input.rounds} round(s) per concurrency, each of all pages by each side back to back, alternating which goes first; a level's ratios are taken round by round and the median of them is judged (the pooled ratio, all of a side's phases together, is shown beside it). CPU per render: the side's process tree (Glance: the production server and its Chromium; ${bare}: its Chromium) plus this process (client, docs server), over each phase and the work it leaves until idle. The baseline is ${input.baseline === "tuned" ? "tuned bare: puppeteer-core launched with `--disable-features=SpareRendererForSitePerProcess,WebUIOmniboxPopup,WebUIOmniboxAimPopup` added, what a customer's own script gets from puppeteer-core 25" : "bare puppeteer-core as this project pins it, its launch defaults unchanged"}. Glance runs with render slots for as many requests as are in flight (one more than that: one account holds all slots but one, D17)${input.defaultSlotsAt.length ? `, except at ${input.defaultSlotsAt.join(", ")} in flight, where it runs with its default settings (the slots following the machine, D17)` : ""}.`,
    "",
    `| in flight | ${bare} renders/s | Glance renders/s | ratio, median of rounds (range) (≥ ${target.throughput.toFixed(2)}) | ratio, pooled | ${bare} p50 / p95 ms | Glance p50${target.p50ExtraMs === undefined ? "" : ` (≤ ${bare}'s + ${target.p50ExtraMs} at 1)`} / p95 ms | ${bare} CPU-s per render | Glance CPU-s per render | ratio, median of rounds (range) (≤ ${target.cpu.toFixed(2)}) | ratio, pooled | whole machine CPU-s per render, ${bare} / Glance |`,
    "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ...rows,
    "",
    `| CPU-s per render by process kind, all concurrencies | ${bare} | Glance |`,
    "|---|---|---|",
    kindRow("Node server (Glance)", (t) => t.tree.node),
    kindRow("Chromium browser process", (t) => t.tree.browser),
    kindRow("renderers (live)", (t) => t.tree.renderer),
    kindRow("exited children (renderers closed with their context)", (t) => t.tree.exited),
    kindRow(
      "GPU, utility (network, storage), zygote, other",
      (t) => t.tree.gpu + t.tree.utility + t.tree.zygote + t.tree.other,
    ),
    kindRow("this process (HTTP client or puppeteer, docs server)", (t) => t.client),
    kindRow("renderer processes launched per render (a count, not CPU-s)", (t) => t.renderersLaunched),
    "",
    "| page | pixel agreement, worst over the concurrencies (≥ 99.5 %) |",
    "|---|---|",
    ...[...agreement].map(([name, share]) => `| ${name} | ${pct(share)}${share >= target.agreement ? "" : " **✗**"} |`),
    "",
    `Targets ${verdicts.every(Boolean) ? "met" : "**not all met**"}: throughput ≥ ${target.throughput.toFixed(2)} × ${bare} and CPU per render ≤ ${target.cpu.toFixed(2)} × ${bare} at every concurrency (the median of the rounds' ratios)${target.p50ExtraMs === undefined ? "" : `, p50 at 1 in flight ≤ ${bare}'s + ${target.p50ExtraMs} ms`}, agreement ≥ 99.5 % on every page (worst ${pct(worst)}).`,
  ].join("\n");
  return { markdown, met: verdicts.every(Boolean) };
}
