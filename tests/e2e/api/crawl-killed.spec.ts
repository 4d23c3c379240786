/**
 * A crawl survives the production server running it (issue 44 point 3, D32): two servers of the
 * spec's own (scripts/server.ts from the same build, as `npm start`) on one PostgreSQL and one
 * Redis, the first SIGKILLed — and its Chromium with it — while its browser loads two pages of
 * Flask's documentation as Debian ships it, each already charged. The second finishes the crawl:
 * every page of the section once in GET /v1/crawl/{id} (read from it), none lost, the two cut off
 * run twice and every other page once, all but the start page on the second server, and /v1/usage
 * counts exactly one render per page (the killed runs' charges stand for their pages' second runs).
 *
 * The servers have a database and a Redis prefix of their own: the harness's app has no Redis, so
 * on its database its job sweep would put the dead server's pages on its own in-process queue and
 * take them itself. The site holds page loads after the start page until the second server is up
 * (the servers reach it as an allowed private origin). The second server renders once the dead one's leases
 * lapse: its job leases (JOBS_LEASE_SECONDS, 3 s here, BullMQ's lock and stall check with them,
 * lib/jobs/bullmq-queue.ts) at once, then the site's render slots and the two pages' render locks
 * (30 s each, lib/crawl/host-slots.ts, lib/results/single-flight.ts): under a minute in all here.
 */
import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import Redis from "ioredis";
import pg from "pg";
import { displayApiKey, generateApiKey, hashApiKey } from "../../../lib/keys/format";
import { ensureDebianDocs } from "../../support/debian-docs";
import { createTestDatabase, REDIS_URL } from "../../support/env";
import { serveSite, type SiteServer } from "../../support/site-server";
import { e2e } from "../support";
import { startOwnServer, type OwnServer } from "../support/own-server";
import type { CrawlResults as Crawl } from "@/lib/crawl/openapi";

// Outside the harness's ports (sessions-lost uses +41).
const [FIRST_PORT, SECOND_PORT, SITE_PORT] = [e2e.appPort + 42, e2e.appPort + 43, e2e.appPort + 44];
const TREE = "/usr/share/doc/python-flask-doc/html/";
const SECTION = "/deploying/";
const START = `${SECTION}index.html`;

let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
let db: pg.Pool;
let dataDir: string;
let redisPrefix: string;
let site: SiteServer;
const servers: OwnServer[] = [];

/** Page loads after the start page wait here while `holding`: the paths asked, and what lets each go on. */
let holding = true;
const held: string[] = [];
const release: Array<() => void> = [];

test.beforeAll(async () => {
  ensureDebianDocs(["python-flask-doc"]);
  database = await createTestDatabase();
  db = new pg.Pool({ connectionString: database.url, max: 2 });
  dataDir = await mkdtemp(path.join(os.tmpdir(), "glance-e2e-crawl-killed-"));
  redisPrefix = `glance-e2e-crawl-killed:${path.basename(dataDir)}:`;
  site = await serveSite({
    root: TREE,
    port: SITE_PORT,
    gate: (urlPath) =>
      holding && urlPath.endsWith(".html") && urlPath !== START
        ? new Promise<void>((resolve) => (held.push(urlPath), release.push(resolve)))
        : Promise.resolve(),
  });
});

test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus)
    for (const [i, server] of servers.entries())
      await testInfo.attach(`server ${i + 1} output`, { body: server.output(), contentType: "text/plain" });
});

test.afterAll(async () => {
  holding = false;
  release.splice(0).forEach((go) => go());
  for (const server of servers) await server.stop(10_000).catch(() => {});
  await site?.close();
  await db?.end();
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  if (redisPrefix) {
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${redisPrefix}*`);
    if (keys.length > 0) await redis.unlink(...keys);
    redis.disconnect();
  }
});

/** One production server on the spec's database and Redis prefix: the same configuration for both. */
async function startServer(port: number): Promise<OwnServer> {
  const server = await startOwnServer({
    port,
    hostname: "127.0.0.1",
    env: {
      APP_URL: `http://127.0.0.1:${port}`,
      // One data directory: the servers derive their secrets from what is persisted there.
      DATA_DIR: dataDir,
      DATABASE_URL: database!.url,
      REDIS_URL,
      REDIS_PREFIX: redisPrefix,
      ALLOW_PRIVATE_ORIGINS: site.origin,
      CHROME_PATH: process.env.CHROME_PATH || "/usr/bin/chromium",
      // One account holds at most all render slots but one (lib/browser/queue.ts): three, so both of
      // the workspace's job slots render at once.
      BROWSER_CONCURRENCY: "3",
      JOBS_CONCURRENCY: "2",
      JOBS_ACCOUNT_CONCURRENCY: "2",
      JOBS_LEASE_SECONDS: "3",
      LOG_LEVEL: "warn",
    },
    readyTimeoutMs: 120_000,
  });
  servers.push(server);
  return server;
}

/** A Business workspace with a key, in the spec's database. */
async function account(): Promise<{ userId: string; apiKey: string }> {
  const userId = `e2ekill${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  await db.query(`INSERT INTO users (id, email, plan, updated_at) VALUES ($1, $2, 'business'::"Plan", now())`, [
    userId,
    `${userId}@example.test`,
  ]);
  const apiKey = generateApiKey();
  await db.query(`INSERT INTO api_keys (id, user_id, name, hash, display) VALUES ($1, $2, 'crawl', $3, $4)`, [
    `key${userId}`,
    userId,
    hashApiKey(apiKey),
    displayApiKey(apiKey),
  ]);
  return { userId, apiKey };
}

/** `pid`'s descendants (its Chromium and that one's processes), read from /proc. */
function descendantsOf(pid: number): Array<{ pid: number; command: string }> {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    const stat = procStat(Number(entry));
    if (stat) parentOf.set(Number(entry), stat.ppid);
  }
  const family = new Set([pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [child, parent] of parentOf) {
      if (!family.has(parent) || family.has(child)) continue;
      family.add(child);
      grew = true;
    }
  }
  family.delete(pid);
  const commandOf = (p: number) => {
    try {
      return readFileSync(`/proc/${p}/cmdline`, "utf8").replaceAll("\0", " ");
    } catch {
      return "";
    }
  };
  return [...family].map((p) => ({ pid: p, command: commandOf(p) }));
}

/** A process's state and parent (after the command's closing parenthesis: the command may hold spaces). */
function procStat(pid: number): { state: string; ppid: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const [state, ppid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { state, ppid: Number(ppid) };
  } catch {
    return undefined;
  }
}

const alive = (pid: number) => ["R", "S", "D", "T", "t"].includes(procStat(pid)?.state ?? "Z");

type PageRow = { path: string; status: string; charged: boolean; attempts: number; owner: string };

async function pageRows(crawlId: string): Promise<PageRow[]> {
  const { rows } = await db.query<{ url: string; status: string; charged: boolean; attempts: number; owner: string }>(
    `SELECT p.url, p.status, p.charged_at IS NOT NULL AS charged, j.attempts, j.lease_owner AS owner
     FROM crawl_pages p JOIN jobs j ON j.id = p.job_id WHERE p.crawl_id = $1 ORDER BY p.seq`,
    [crawlId],
  );
  return rows.map(({ url, ...row }) => ({ path: new URL(url).pathname, ...row }));
}

/** The process a job's lease owner names (lib/jobs/worker.ts: host:pid:random). */
const ownerPid = (owner: string) => Number(owner.split(":").at(-2));

test("a crawl whose server is SIGKILLed mid-render is finished by another: no page lost, none twice, one render each", async () => {
  test.setTimeout(360_000);
  // The section's pages: its index links every one of them (and pages outside it, left out by `include`).
  const pages = (await readdir(path.join(TREE, SECTION)))
    .filter((name) => name.endsWith(".html"))
    .map((name) => `${SECTION}${name}`)
    .sort();
  expect(pages.length).toBeGreaterThan(6);

  const first = await startServer(FIRST_PORT);
  const { apiKey } = await account();
  const headers = { "X-API-Key": apiKey };
  const rendersUsed = async (server: OwnServer) =>
    ((await (await fetch(`${server.url}/v1/usage`, { headers })).json()) as { renders: { used: number } }).renders.used;

  const started = await fetch(`${first.url}/v1/crawl`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify({ url: site.url(START), depth: 1, limit: 100, sitemap: "skip", include: [SECTION] }),
  });
  expect(started.status, await started.clone().text()).toBe(202);
  const { id } = (await started.json()) as { id: string };

  // The start page rendered and charged; two linked pages charged and loading in the first server's Chromium.
  await expect.poll(() => held.length, { timeout: 60_000 }).toBe(2);
  const mid = await pageRows(id);
  expect(mid[0]).toMatchObject({ path: START, status: "completed", charged: true });
  expect(mid.length).toBe(pages.length);
  const cutOff = mid.filter((page) => page.status === "queued" && page.charged).map((page) => page.path);
  expect(cutOff.sort()).toEqual([...held].sort());
  expect(await rendersUsed(first)).toBe(3);

  // SIGKILL: no shutdown, no release of anything. Its Chromium (a detached process group of its own)
  // is killed too, as a machine that dies takes it along; its renderers go with it.
  const family = descendantsOf(first.child.pid!);
  expect(family.filter((p) => /chrom/i.test(p.command)).length).toBeGreaterThan(0);
  first.child.kill("SIGKILL");
  for (const { pid } of family) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone with its browser
    }
  }
  await first.exited;
  await expect.poll(() => family.filter((p) => alive(p.pid)).map((p) => p.command), { timeout: 15_000 }).toEqual([]);

  const second = await startServer(SECOND_PORT);
  holding = false;
  release.splice(0).forEach((go) => go());

  const read = async () => (await (await fetch(`${second.url}/v1/crawl/${id}?size=500`, { headers })).json()) as Crawl;
  await expect.poll(async () => (await read()).status, { timeout: 150_000, intervals: [1_000] }).not.toBe("running");
  const crawl = await read();
  expect(crawl, JSON.stringify(crawl.pages.filter((page) => page.status !== "completed"))).toMatchObject({
    status: "completed",
    total: pages.length,
    completed: pages.length,
    failed: 0,
  });
  // Every page of the section once, none twice.
  expect(crawl.pages.map((page) => new URL(page.url).pathname).sort()).toEqual(pages);
  expect(crawl.pages.every((page) => page.status === "completed")).toBe(true);

  // The two cut off ran twice, every other page once; all but the start page ran on the second server.
  const rows = await pageRows(id);
  for (const row of rows) {
    expect(row.attempts, row.path).toBe(cutOff.includes(row.path) ? 2 : 1);
    expect(ownerPid(row.owner), row.path).toBe(row.path === START ? first.child.pid : second.child.pid);
    expect(row.charged, row.path).toBe(true);
  }
  // One render counted per page: the killed runs' charges stand for their pages' second runs.
  expect(await rendersUsed(second)).toBe(pages.length);
});
