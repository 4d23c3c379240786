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
 * The measuring (bench/support/og-measure.ts) and the Markdown (og-report.ts) are in bench/support.
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
import { compare, IN_FLIGHT, pct, SEQUENTIAL, type Stats } from "./support/og-measure";
import { ogMarkdown } from "./support/og-report";
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

const WIDTH = 1200;
const HEIGHT = 630;
const DESCRIPTION = "Open Graph images rendered in milliseconds from a template and a few query parameters.";

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
  const markdown = ogMarkdown({
    load0,
    load1,
    size: { width: WIDTH, height: HEIGHT },
    renderer,
    resvg,
    endpoint,
    studio,
  });
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
