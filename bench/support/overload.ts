/**
 * The overload row of the screenshot benchmark (D17): open-loop arrivals at twice the render
 * capacity measured in the same run (slots ÷ median MISS time), each request a distinct MISS with
 * the default 30 s timeout. Reports the share answered within their timeout (a 200, or a 503
 * renderer_busy refusal — never a 504 or a late answer), how many were rendered and refused, and
 * the p50/p99 latency of the admitted (rendered) ones.
 */
export interface OverloadResult {
  offeredRps: number;
  capacityRps: number;
  requests: number;
  /** Share answered (200 or 503) within their timeout. */
  answeredInTime: number;
  rendered: number;
  refused: number;
  timedOut: number;
  other: number;
  admittedP50: number;
  admittedP99: number;
  /** Median time to a 503 refusal. */
  refusalP50: number;
}

const TIMEOUT_MS = 30_000;

function quantile(values: number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

export async function runOverload(options: {
  origin: string;
  pageUrl: string;
  keys: string[];
  capacityRps: number;
  durationSec: number;
}): Promise<OverloadResult> {
  const offeredRps = 2 * options.capacityRps;
  const total = Math.max(1, Math.round(offeredRps * options.durationSec));
  const outcomes: Array<{ status: number; ms: number }> = [];
  const start = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / offeredRps;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const sent = performance.now();
    const url = `${options.origin}/v1/screenshot?url=${encodeURIComponent(`${options.pageUrl}?overload=${i}-${Date.now()}`)}`;
    inFlight.push(
      fetch(url, { headers: { "X-API-Key": options.keys[i % options.keys.length] } }).then(
        async (response) => {
          await response.arrayBuffer();
          outcomes.push({ status: response.status, ms: performance.now() - sent });
        },
        () => void outcomes.push({ status: 0, ms: performance.now() - sent }),
      ),
    );
  }
  await Promise.all(inFlight);
  const inTime = outcomes.filter((o) => (o.status === 200 || o.status === 503) && o.ms <= TIMEOUT_MS);
  const admitted = outcomes.filter((o) => o.status === 200).map((o) => o.ms);
  const refusals = outcomes.filter((o) => o.status === 503).map((o) => o.ms);
  return {
    offeredRps,
    capacityRps: options.capacityRps,
    requests: outcomes.length,
    answeredInTime: inTime.length / outcomes.length,
    rendered: admitted.length,
    refused: refusals.length,
    timedOut: outcomes.filter((o) => o.status === 504).length,
    other: outcomes.filter((o) => o.status !== 200 && o.status !== 503 && o.status !== 504).length,
    admittedP50: quantile(admitted, 0.5),
    admittedP99: quantile(admitted, 0.99),
    refusalP50: quantile(refusals, 0.5),
  };
}

export function overloadRow(r: OverloadResult, slots: number): string {
  const pct = (x: number) => `${Math.round(x * 1000) / 10} %`;
  return (
    `| (f) overload: distinct MISSes offered at 2 × capacity (${Math.round(r.offeredRps * 100) / 100} req/s; capacity = ${slots} slots ÷ median (b) = ${Math.round(r.capacityRps * 100) / 100} req/s), ${r.requests} requests, timeout 30 s ` +
    `| answered within timeout / rendered / refused 503 / 504 / p50, p99 of admitted | ` +
    `${pct(r.answeredInTime)} / ${r.rendered} / ${r.refused} (median ${Math.round(r.refusalP50)} ms) / ${r.timedOut} / ${Math.round(r.admittedP50)} ms, ${Math.round(r.admittedP99)} ms |`
  );
}
