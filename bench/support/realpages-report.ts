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

const TARGETS = { throughput: 0.95, cpu: 1.05, agreement: 0.995 } as const;

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
}): { markdown: string; met: boolean } {
  const { phases, agreement, levels } = input;
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
    const throughputMet = median(paired.throughput) >= TARGETS.throughput;
    const cpuMet = median(paired.cpu) <= TARGETS.cpu;
    verdicts.push(throughputMet, cpuMet);
    rows.push(
      `| ${inFlight} | ${f2(b.renders / b.wall)} | ${f2(g.renders / g.wall)} | ${spread(paired.throughput)}${throughputMet ? "" : " **✗**"} | ${f2(pooled.throughput)} ` +
        `| ${Math.round(quantile(b.latencies, 0.5))} / ${Math.round(quantile(b.latencies, 0.95))} | ${Math.round(quantile(g.latencies, 0.5))} / ${Math.round(quantile(g.latencies, 0.95))} ` +
        `| ${f2(cpuPerRender(b))} | ${f2(cpuPerRender(g))} | ${spread(paired.cpu)}${cpuMet ? "" : " **✗**"} | ${f2(pooled.cpu)} | ${f2(b.machine / b.renders)} / ${f2(g.machine / g.renders)} |`,
    );
  }
  const kindRow = (label: string, of: (t: Totals) => number) =>
    `| ${label} | ${f2(of(all.bare) / all.bare.renders)} | ${f2(of(all.glance) / all.glance.renders)} |`;
  const worst = Math.min(...agreement.values());
  verdicts.push(worst >= TARGETS.agreement);
  const pct = (x: number) => `${(x * 100).toFixed(2)} %`;
  const load = (l: number[]) => l.map((x) => x.toFixed(1)).join(", ");
  const markdown = [
    `Last run: ${new Date().toISOString().replace(/\.\d+Z$/, "Z")}, \`npm run bench:realpages\`, ${os.cpus().length} cores shared with other work: load average (1, 5, 15 min) ${load(input.loadBefore)} at the start, ${load(input.loadAfter)} at the end. ${agreement.size} Debian documentation pages, 1280×800 PNG, a distinct URL per request; ${input.rounds} round(s) per concurrency, each of all pages by each side back to back, alternating which goes first; a level's ratios are taken round by round and the median of them is judged (the pooled ratio, all of a side's phases together, is shown beside it). CPU per render: the side's process tree (Glance: the production server and its Chromium; bare: its Chromium) plus this process (client, docs server), over each phase and the work it leaves until idle.`,
    "",
    "| in flight | bare renders/s | Glance renders/s | ratio, median of rounds (range) (≥ 0.95) | ratio, pooled | bare p50 / p95 ms | Glance p50 / p95 ms | bare CPU-s per render | Glance CPU-s per render | ratio, median of rounds (range) (≤ 1.05) | ratio, pooled | whole machine CPU-s per render, bare / Glance |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ...rows,
    "",
    "| CPU-s per render by process kind, all concurrencies | bare | Glance |",
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
    ...[...agreement].map(
      ([name, share]) => `| ${name} | ${pct(share)}${share >= TARGETS.agreement ? "" : " **✗**"} |`,
    ),
    "",
    `Targets ${verdicts.every(Boolean) ? "met" : "**not all met**"}: throughput ≥ 0.95 × bare and CPU per render ≤ 1.05 × bare at every concurrency (the median of the rounds' ratios), agreement ≥ 99.5 % on every page (worst ${pct(worst)}).`,
  ].join("\n");
  return { markdown, met: verdicts.every(Boolean) };
}
