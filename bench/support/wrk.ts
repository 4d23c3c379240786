/**
 * Load generation for the benchmarks with wrk (Debian package `wrk`, installed by
 * scripts/setup.sh). wrk is C and uses a small share of one core where a JavaScript load
 * generator saturated a whole one on this 2-core machine — and then measured itself.
 * Requests rotate over a list of header sets (API keys); the summary comes from wrk's `done`
 * hook as one JSON line.
 *
 * Two kinds of load: saturating (every connection sends its next request as soon as the last is
 * answered: throughput) and paced (`ratePerSec`: each connection waits between requests so the
 * offered rate is fixed below capacity: latency). At saturation latency is mostly the queue the
 * load generator itself builds — with c connections and a server doing r req/s the mean is c/r
 * however fast each request is — so a latency target is judged under paced load.
 */
import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

export interface LoadOptions {
  connections: number;
  durationSec: number;
  /** Each request takes the next header set, round robin. */
  headerSets?: Array<Record<string, string>>;
  /** Paced load: the total request rate offered, spread over the connections. */
  ratePerSec?: number;
}

export interface LoadResult {
  rps: number;
  /** Milliseconds. */
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
}

const lua = (s: string) => JSON.stringify(s); // JSON string literals are valid Lua for ASCII

function script(pathAndQuery: string, headerSets: Array<Record<string, string>>, pauseMs?: number): string {
  const sets = headerSets.map(
    (h) =>
      `{${Object.entries(h)
        .map(([k, v]) => `[${lua(k)}] = ${lua(v)}`)
        .join(", ")}}`,
  );
  return `
local path = ${lua(pathAndQuery)}
local sets = {${sets.join(",\n")}}
local i = 0
request = function()
  if #sets == 0 then return wrk.format("GET", path) end
  i = i % #sets + 1
  return wrk.format("GET", path, sets[i])
end
${pauseMs === undefined ? "" : `delay = function() return math.floor(-${pauseMs.toFixed(3)} * math.log(1 - math.random())) end`}
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('\\nWRK-JSON {"total":%d,"durationUs":%d,"p50":%.3f,"p99":%.3f,"non2xx":%d,"errors":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    e.status, e.connect + e.read + e.write + e.timeout))
end
`;
}

export async function runWrk(url: string, options: LoadOptions): Promise<LoadResult> {
  const target = new URL(url);
  const dir = await mkdtemp(path.join(os.tmpdir(), "glance-wrk-"));
  const file = path.join(dir, "load.lua");
  // wrk's delay() pauses a connection before its next request; with c connections each pausing
  // c/rate seconds on average the offered rate is `rate` (a little under it by the response
  // times). The pauses are drawn from an exponential distribution: a fixed pause keeps the
  // connections in lockstep, so requests would arrive in bursts of c and the last of each burst
  // would wait for the others — a queue of the generator's making, not the service's.
  const pauseMs = options.ratePerSec ? (options.connections * 1000) / options.ratePerSec : undefined;
  await writeFile(file, script(target.pathname + target.search, options.headerSets ?? [], pauseMs));
  try {
    const args = ["-t1", `-c${options.connections}`, `-d${options.durationSec}s`, "-s", file, target.origin];
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn("wrk", args, { stdio: ["ignore", "pipe", "inherit"] });
      let text = "";
      child.stdout.on("data", (chunk: Buffer) => (text += chunk.toString()));
      child.on("error", (error) => reject(new Error(`wrk could not start (${error.message}); run scripts/setup.sh`)));
      child.on("exit", (code) => (code === 0 ? resolve(text) : reject(new Error(`wrk exited ${code}`))));
    });
    const line = out.split("\n").find((l) => l.startsWith("WRK-JSON "));
    if (!line) throw new Error(`wrk printed no summary:\n${out}`);
    const r = JSON.parse(line.slice("WRK-JSON ".length)) as {
      total: number;
      durationUs: number;
      p50: number;
      p99: number;
      non2xx: number;
      errors: number;
    };
    return {
      rps: r.total / (r.durationUs / 1e6),
      p50: r.p50,
      p99: r.p99,
      total: r.total,
      non2xx: r.non2xx,
      errors: r.errors,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
