/**
 * npm run bench:og [-- --record] — OG rendering, one run, same card both ways:
 *
 *  1. Renderer: stock `new ImageResponse(<Card />)` from next/og vs our renderOg (lib/og/render),
 *     the `default` template at 1200×630 PNG, a new title for every render (every render a miss).
 *     Stock is measured twice: as Next's docs write it (fonts read inside the handler) and with
 *     the font buffers hoisted to module scope (its best case); and again in a child process where
 *     next/og cannot import sharp and falls back to resvg-wasm. Sequential median / p90 latency,
 *     CPU per image, and throughput with 4 renders in flight, in interleaved rounds.
 *  2. Endpoint: GET /v1/og through the real pipeline (a fresh database on the local PostgreSQL,
 *     file result store in a temporary DATA_DIR): MISS median, HIT median, MISS throughput with 4
 *     in flight.
 *
 * `--record` writes the figures into bench/RESULTS.md between the OG markers, leaving the rest of
 * the file (the screenshot section) alone.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { studioBench } from "./og-studio";
import { rerunUnderReactServer } from "./support/react-server";
import { replaceSection } from "./support/results-file";

const self = fileURLToPath(import.meta.url);

rerunUnderReactServer(import.meta.url);

/**
 * next/og renders with sharp when it can import it (as here) and with resvg-wasm otherwise (no
 * sharp installed, edge runtime). The child run hides sharp from next/og only, to measure that.
 */
const HIDE_SHARP_FROM_NEXT_OG = `data:text/javascript,${encodeURIComponent(`
  import { register } from "node:module";
  register("data:text/javascript," + encodeURIComponent(\`
    export async function resolve(specifier, context, next) {
      if (specifier === "sharp" && context.parentURL && context.parentURL.includes("@vercel/og")) {
        throw Object.assign(new Error("sharp hidden from next/og"), { code: "ERR_MODULE_NOT_FOUND" });
      }
      return next(specifier, context);
    }\`));
`)}`;
const CHILD_FLAG = "--stock-without-sharp";

const ROOT = path.resolve(path.dirname(self), "..");
const dataDir = mkdtempSync(path.join(os.tmpdir(), "glance-bench-og-"));
Object.assign(process.env, {
  NODE_ENV: "production",
  DATA_DIR: dataDir,
  LOG_LEVEL: process.env.BENCH_LOG ?? "silent",
  CACHE_SECRET: "bench",
  APP_URL: "http://localhost:3000",
});
for (const name of ["DATABASE_URL", "REDIS_URL", "UPSTASH_REDIS_REST_URL", "UPSTASH_REDIS_REST_TOKEN"])
  delete process.env[name];

const SEQUENTIAL = Number(process.env.BENCH_N ?? 40);
const IN_FLIGHT = 4;
const WIDTH = 1200;
const HEIGHT = 630;
const DESCRIPTION = "Open Graph images rendered in milliseconds from a template and a few query parameters.";

interface Stats {
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
const pct = (a: number[], p: number) => sortNum(a)[Math.min(a.length - 1, Math.floor(a.length * p))];

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
async function compare<K extends string>(
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

async function rendererBench() {
  const { ImageResponse } = await import("next/og");
  const { readFile } = await import("node:fs/promises");
  const { validateVariables } = await import("@/lib/og/variables");
  const { buildElement, renderOg } = await import("@/lib/og/render");
  const { latinFonts } = await import("@/lib/og/fonts");

  const variables = (i: number) =>
    validateVariables("default", {
      title: `Ship pixel-perfect previews for every page, take ${i}`,
      description: DESCRIPTION,
    }).variables;
  const card = (i: number) =>
    buildElement({ template: "default", variables: variables(i), width: WIDTH, height: HEIGHT });
  const fontDir = path.join(ROOT, "node_modules/@fontsource/inter/files");
  const hoisted = latinFonts();

  const stockDocs = async (i: number) => {
    // As in Next's docs for the Node runtime: read the fonts in the handler, then ImageResponse.
    const [regular, bold] = await Promise.all([
      readFile(path.join(fontDir, "inter-latin-400-normal.woff")),
      readFile(path.join(fontDir, "inter-latin-700-normal.woff")),
    ]);
    const res = new ImageResponse(card(i), {
      width: WIDTH,
      height: HEIGHT,
      fonts: [
        { name: "Inter", data: regular, weight: 400, style: "normal" },
        { name: "Inter", data: bold, weight: 700, style: "normal" },
      ],
    });
    return Buffer.from(await res.arrayBuffer());
  };
  const stockHoisted = async (i: number) => {
    const res = new ImageResponse(card(i), { width: WIDTH, height: HEIGHT, fonts: hoisted });
    return Buffer.from(await res.arrayBuffer());
  };
  const ours = async (i: number) =>
    (
      await renderOg({
        template: "default",
        variables: variables(i),
        width: WIDTH,
        height: HEIGHT,
        format: "png",
        quality: 80,
      })
    ).bytes;

  if (process.argv.includes(CHILD_FLAG)) {
    // Child run: only stock, rendering through resvg-wasm (slow, so fewer renders).
    return compare({ stockDocs, stockHoisted }, 2);
  }
  const similarity = await compareOutputs(await stockHoisted(7), await ours(7));
  return { ...(await compare({ ours, stockDocs, stockHoisted }, 4)), similarity };
}

/** Mean absolute channel difference between two PNGs of the same size: "the same card" check. */
async function compareOutputs(a: Buffer, b: Buffer): Promise<number> {
  const sharp = (await import("sharp")).default;
  const [x, y] = await Promise.all([a, b].map((img) => sharp(img).ensureAlpha().raw().toBuffer()));
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += Math.abs(x[i] - y[i]);
  return sum / x.length;
}

async function endpointBench() {
  // PostgreSQL, as in production: the embedded store is for trying the app out.
  const { createTestDatabase } = await import("@/tests/support/env");
  const database = await createTestDatabase();
  process.env.DATABASE_URL = database.url;
  (await import("@/lib/env")).reloadEnv();
  try {
    return await endpointRuns();
  } finally {
    // Usage events are written after each reply (lib/api/request afterResponse): let them land
    // before closing the pool, or they would reopen it against a database being dropped.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const { disconnectDb } = await import("@/lib/db");
    await disconnectDb().catch(() => undefined);
    await database.drop();
  }
}

async function endpointRuns() {
  const { createTestAccount, apiRequest } = await import("@/tests/support/api");
  const { GET } = await import("@/app/v1/og/route");
  const account = await createTestAccount({ plan: "business" });
  const get = async (title: string) => {
    const q = new URLSearchParams({ template: "default", title, description: DESCRIPTION });
    const res = await GET(apiRequest(`/v1/og?${q}`, { apiKey: account.apiKey }));
    if (res.status !== 200) throw new Error(`GET /v1/og answered ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
    return res.headers.get("x-cache");
  };
  for (let i = 0; i < 5; i++) await get(`warm-up ${i}`);
  const miss: number[] = [];
  const hit: number[] = [];
  for (let i = 0; i < SEQUENTIAL; i++) {
    let t0 = performance.now();
    if ((await get(`Endpoint title ${i}`)) !== "MISS") throw new Error("expected a MISS");
    miss.push(performance.now() - t0);
    t0 = performance.now();
    if ((await get(`Endpoint title ${i}`)) !== "HIT") throw new Error("expected a HIT");
    hit.push(performance.now() - t0);
  }
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < SEQUENTIAL) await get(`Concurrent title ${next++}`);
    }),
  );
  const throughput = SEQUENTIAL / ((performance.now() - t0) / 1000);
  return { missMedian: pct(miss, 0.5), hitMedian: pct(hit, 0.5), throughput };
}

const ms = (n: number) => `${n.toFixed(1)} ms`;
const x = (n: number) => `${n.toFixed(2)}×`;

/** Runs the stock renderer in a child process in which next/og cannot import sharp. */
function stockWithoutSharp(): { stockDocs: Stats; stockHoisted: Stats } {
  const child = spawnSync(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", "--import", HIDE_SHARP_FROM_NEXT_OG, self, CHILD_FLAG],
    { encoding: "utf8", env: { ...process.env, BENCH_N: String(Math.min(SEQUENTIAL, 12)) }, maxBuffer: 1 << 20 },
  );
  const line = child.stdout.split("\n").find((l) => l.startsWith("RESULT "));
  if (!line) throw new Error(`stock-without-sharp run failed: ${child.stderr.slice(-2000)}`);
  return JSON.parse(line.slice("RESULT ".length));
}

async function main() {
  if (process.argv.includes(CHILD_FLAG)) {
    console.log(`RESULT ${JSON.stringify(await rendererBench())}`);
    return;
  }
  const load0 = os.loadavg()[0];
  const renderer = (await rendererBench()) as {
    ours: Stats;
    stockDocs: Stats;
    stockHoisted: Stats;
    similarity: number;
  };
  const resvg = stockWithoutSharp();
  const endpoint = await endpointBench();
  const studio = await studioBench(compare, { width: WIDTH, height: HEIGHT });
  const load1 = os.loadavg()[0];
  const { stockDocs, stockHoisted, ours } = renderer;
  const cpus = os.cpus();
  const row = (name: string, s: Stats) =>
    `| ${name} | ${ms(s.median)} | ${ms(s.p90)} | ${ms(s.cpu)} | ${s.throughput.toFixed(1)} /s |`;
  const speedup = (base: Stats) =>
    `median ${x(base.median / ours.median)}, CPU per image ${x(base.cpu / ours.cpu)}, throughput ${x(ours.throughput / base.throughput)}`;
  const markdown = [
    `Run ${new Date().toISOString().slice(0, 16)}Z on ${cpus.length} × ${cpus[0]?.model.trim() ?? "cpu"}, Node ${process.version}; load average ${load0.toFixed(1)} → ${load1.toFixed(1)} (a shared machine: compare rows of the same run, not runs).`,
    "",
    `Renderer, \`default\` template ${WIDTH}×${HEIGHT} PNG, a new title each render; 4 rounds, the variants in turn, each round ${Math.ceil(SEQUENTIAL / 4)} sequential renders (median, p90, CPU) then as many with ${IN_FLIGHT} in flight (throughput, median of rounds). next/og rasterizes with sharp when the project has it installed (this one does) and with resvg-wasm otherwise; the last two rows hide sharp from next/og in a child process (fewer renders):`,
    "",
    "| renderer | median | p90 | CPU / image | throughput (4 in flight) |",
    "|---|---|---|---|---|",
    row("ours: `renderOg` (satori 0.63 → sharp, fonts kept, only the needed subsets)", ours),
    row("stock `new ImageResponse`, sharp, fonts read per request (Next's docs)", stockDocs),
    row("stock `new ImageResponse`, sharp, font buffers hoisted", stockHoisted),
    row("stock `new ImageResponse`, resvg-wasm, fonts read per request", resvg.stockDocs),
    row("stock `new ImageResponse`, resvg-wasm, font buffers hoisted", resvg.stockHoisted),
    "",
    `- vs stock with sharp, as documented: ${speedup(stockDocs)}`,
    `- vs stock with sharp, fonts hoisted: ${speedup(stockHoisted)}`,
    `- vs stock with resvg-wasm, as documented: ${speedup(resvg.stockDocs)}`,
    `- vs stock with resvg-wasm, fonts hoisted: ${speedup(resvg.stockHoisted)}`,
    `- speed-up over stock (median), measured without a target (the ≥ 5× target is retired as out of physical reach: on sharp both paths do the same satori layout and librsvg rasterization): ${x(stockDocs.median / ours.median)} against stock with sharp as documented, ${x(stockHoisted.median / ours.median)} against its best case; ${x(resvg.stockDocs.median / ours.median)} and ${x(resvg.stockHoisted.median / ours.median)} against stock on resvg-wasm`,
    `- same card: mean absolute pixel difference between stock's and our output ${renderer.similarity.toFixed(2)} / 255 (satori 0.29 inside next/og vs 0.63)`,
    "",
    "Reading it: next/og's ImageResponse is satori plus a rasterizer. Where sharp is importable it rasterizes with sharp (librsvg) and encodes PNG exactly as we do, so the two pipelines do the same work: satori layout (~8–15 ms here) and librsvg rasterization + PNG encoding (~35–40 ms CPU for this card), which is most of the cost. Our gains over that stock path are the parts it leaves to the caller: fonts read and parsed once, only the font subsets the text needs (Inter Latin for Latin text; Noto Sans JP subsets by code point), emoji from local files instead of a CDN fetch per render, and templates kept free of SVG masks and CSS radial gradients (librsvg takes seconds on them at 4096 px). Against next/og on resvg-wasm (no sharp installed, or the edge runtime) the speed-up is over 5× with room; against next/og on sharp it is not, and cannot be without drawing a different card (the 5× target is retired): the remaining work is the same satori and librsvg calls.",
    "",
    `Endpoint, GET /v1/og in-process through the pipeline (PostgreSQL, file result store): MISS median ${ms(endpoint.missMedian)}, HIT median ${ms(endpoint.hitMedian)}, MISS throughput with ${IN_FLIGHT} in flight ${endpoint.throughput.toFixed(1)} /s.`,
    "",
    "OG studio (D21), renderer, same run: the built-in `default` as baseline, its starter as an account template, and the built-in with an Arabic title (browser engine; CPU is this process's only, Chromium's own is not included):",
    "",
    "| path | median | p90 | CPU / image (Node) | throughput (4 in flight) |",
    "|---|---|---|---|---|",
    row("built-in `default` (satori)", studio.builtIn),
    row("account template, `default` starter (satori)", studio.account),
    row("built-in `default`, Arabic title (Chromium)", studio.rtl),
    "",
    `- account template vs built-in: median ${x(studio.account.median / studio.builtIn.median)}, CPU per image ${x(studio.account.cpu / studio.builtIn.cpu)}`,
    `- RTL title (Chromium) vs built-in: median ${x(studio.rtl.median / studio.builtIn.median)}`,
  ].join("\n");
  console.log(`\n${markdown}\n`);
  if (process.argv.includes("--record")) await record(markdown);
}

/** Replaces only the OG section of bench/RESULTS.md (appending it the first time). */
async function record(markdown: string) {
  const file = path.join(ROOT, "bench/RESULTS.md");
  await replaceSection(file, "og", `## OG images (\`npm run bench:og\`)\n\n${markdown}`);
  console.log(`recorded in ${path.relative(ROOT, file)}`);
}

try {
  await main();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
