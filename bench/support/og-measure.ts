/**
 * How bench/og.ts measures a renderer: rounds of sequential renders (median, p90, CPU per image)
 * then as many with IN_FLIGHT in flight (throughput), variants in turn so that a change in machine
 * load falls on all of them alike. bench/og-studio.ts is handed `compare` for its own variants.
 */

/** Renders per variant (BENCH_N; the child run without sharp is given fewer). */
export const SEQUENTIAL = Number(process.env.BENCH_N ?? 40);
export const IN_FLIGHT = 4;

export interface Stats {
  median: number;
  p90: number;
  cpu: number;
  throughput: number;
}

/** Raw samples of one or more rounds, merged before reporting. */
interface Samples {
  times: number[];
  cpuMs: number;
  renders: number;
  throughputs: number[];
}

const sortNum = (a: number[]) => [...a].sort((x, y) => x - y);
export const pct = (a: number[], p: number) => sortNum(a)[Math.min(a.length - 1, Math.floor(a.length * p))];

const emptySamples = (): Samples => ({ times: [], cpuMs: 0, renders: 0, throughputs: [] });

/** One round: `count` sequential renders, then `count` with IN_FLIGHT in flight; adds to `into`. */
async function measure(
  render: (i: number) => Promise<unknown>,
  seed: number,
  count: number,
  into: Samples,
): Promise<void> {
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    await render(seed + i);
    into.times.push(performance.now() - t0);
  }
  const cpu = process.cpuUsage(cpu0);
  into.cpuMs += (cpu.user + cpu.system) / 1000;
  into.renders += count;
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < count) await render(seed + 500_000 + next++);
    }),
  );
  into.throughputs.push(count / ((performance.now() - t0) / 1000));
}

const summarize = (s: Samples): Stats => ({
  median: pct(s.times, 0.5),
  p90: pct(s.times, 0.9),
  cpu: s.cpuMs / s.renders,
  throughput: pct(s.throughputs, 0.5),
});

/**
 * Several short rounds, variants in turn, so that a change in machine load (the machine is
 * shared) falls on all of them alike; each figure is over all rounds.
 */
export async function compare<K extends string>(
  variants: Record<K, (i: number) => Promise<unknown>>,
  rounds: number,
): Promise<Record<K, Stats>> {
  const names = Object.keys(variants) as K[];
  const samples = Object.fromEntries(names.map((n) => [n, emptySamples()])) as Record<K, Samples>;
  for (const name of names) for (let i = 0; i < 5; i++) await variants[name](900_000 + i); // warm-up: JIT, fonts, wasm
  const perRound = Math.max(4, Math.ceil(SEQUENTIAL / rounds));
  for (let round = 0; round < rounds; round++) {
    for (const [k, name] of names.entries())
      await measure(variants[name], round * 1_000_000 + k * 100_000, perRound, samples[name]);
  }
  return Object.fromEntries(names.map((n) => [n, summarize(samples[n])])) as Record<K, Stats>;
}
