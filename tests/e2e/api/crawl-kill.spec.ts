/**
 * Issue 44 point 3 through production servers (scripts/server.ts, as `npm start`): a crawl whose
 * server is SIGKILLed — with its Chromium — while it renders two pages, each already charged, is
 * finished by another server on the same PostgreSQL and Redis. Every page is in the results once,
 * none is lost, and /v1/usage counts exactly one render per page (D32: the page's row carries its
 * charge, so the second run of a killed page does not count again). On Flask's documentation as
 * Debian ships it, served from loopback; page loads after the start page are held until the kill.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { displayApiKey, generateApiKey, hashApiKey } from "../../../lib/keys/format";
import { ensureDebianDocs } from "../../support/debian-docs";
import { serveSite, type SiteServer } from "../../support/site-server";
import { startOwnServer, type OwnServer } from "../support/own-server";
import { e2e } from "../support/ports";

test.describe.configure({ mode: "serial", timeout: 300_000 });

const databaseUrl = `postgres://postgres@127.0.0.1:5432/glance_e2e_${e2e.appPort}_crawlkill`;
const held: Array<() => void> = [];
let holding = true;
let site: SiteServer;
let dataDir: string;
const servers: OwnServer[] = [];

async function sql<T = Record<string, unknown>>(text: string, values: unknown[] = [], url = databaseUrl): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

async function server(port: number): Promise<OwnServer> {
  const started = await startOwnServer({
    port,
    hostname: "127.0.0.1",
    env: {
      APP_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL: "redis://127.0.0.1:6379",
      REDIS_PREFIX: `glance-e2e-crawlkill:${path.basename(dataDir)}:`,
      URL_SIGNING_SECRET: "crawl-kill-url-signing-secret-0123456789",
      ALLOW_PRIVATE_ORIGINS: site.origin,
      CHROME_PATH: process.env.CHROME_PATH || "/usr/bin/chromium",
      BROWSER_CONCURRENCY: "2",
      JOBS_CONCURRENCY: "2",
      JOBS_ACCOUNT_CONCURRENCY: "2",
      JOBS_LEASE_SECONDS: "3",
      LOG_LEVEL: "warn",
    },
    readyTimeoutMs: 240_000,
  });
  servers.push(started);
  return started;
}

/** SIGKILL to the server and its Chromium (the browser process; its renderers die with it). */
function killHard(target: OwnServer) {
  const children = execFileSync("ps", ["-o", "pid=,args=", "--ppid", String(target.child.pid)], { encoding: "utf8" })
    .split("\n")
    .filter((line) => /chrom/i.test(line))
    .map((line) => Number(line.trim().split(/\s+/)[0]));
  target.child.kill("SIGKILL");
  for (const pid of children) process.kill(pid, "SIGKILL");
}

test.beforeAll(async () => {
  ensureDebianDocs(["python-flask-doc"]);
  await sql(`DROP DATABASE IF EXISTS glance_e2e_${e2e.appPort}_crawlkill WITH (FORCE)`, [], e2e.adminDatabaseUrl);
  await sql(`CREATE DATABASE glance_e2e_${e2e.appPort}_crawlkill`, [], e2e.adminDatabaseUrl);
  dataDir = await mkdtemp(path.join(os.tmpdir(), "glance-e2e-crawlkill-"));
  site = await serveSite({
    root: "/usr/share/doc/python-flask-doc/html/",
    gate: (urlPath) =>
      holding && urlPath.endsWith(".html") && !urlPath.endsWith("/index.html")
        ? new Promise<void>((resolve) => held.push(resolve))
        : Promise.resolve(),
  });
});

test.afterAll(async () => {
  holding = false;
  held.splice(0).forEach((go) => go());
  for (const s of servers) await s.stop(20_000).catch(() => {});
  await site?.close();
  await sql(`DROP DATABASE IF EXISTS glance_e2e_${e2e.appPort}_crawlkill WITH (FORCE)`, [], e2e.adminDatabaseUrl).catch(
    () => {},
  );
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

// FIXME (issue 44 point 3, found by this spec, not yet fixed): through production servers one page
// (genindex.html once, py-modindex.html three times) ends failed `render_timeout` after the kill (5 of 6
// completed, in four runs on the loaded 2-core machine, with the page's timeout at 30 s and at 60 s,
// and with the re-run's 30 s for the dead render lock, lib/crawl/render.ts). The same kill with
// worker instances (tests/integration/crawl/instances.test.ts) completes every page and counts one
// render per page. Here the failed page stops the test before its usage check. Unskip once fixed.
test.fixme("a crawl whose server is SIGKILLed is finished by another: no page lost, none twice, one render each", async () => {
  const [firstPort, secondPort] = e2e.crawlKillPorts;
  const first = await server(firstPort);
  const userId = `e2ek${randomBytes(10).toString("hex")}`;
  await sql(`INSERT INTO users (id, email, plan, updated_at) VALUES ($1, $2, 'business'::"Plan", now())`, [
    userId,
    `${userId}@example.test`,
  ]);
  const apiKey = generateApiKey();
  await sql(`INSERT INTO api_keys (id, user_id, name, hash, display) VALUES ($1, $2, 'crawl', $3, $4)`, [
    `key${userId}`,
    userId,
    hashApiKey(apiKey),
    displayApiKey(apiKey),
  ]);
  const headers = { "X-API-Key": apiKey };
  const renders = async (url: string) =>
    ((await (await fetch(`${url}/v1/usage`, { headers })).json()) as { renders: { used: number } }).renders.used;

  const started = await fetch(`${first.url}/v1/crawl`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify({ url: site.url("/index.html"), depth: 1, limit: 6, sitemap: "skip" }),
  });
  expect(started.status, await started.clone().text()).toBe(202);
  const { id } = (await started.json()) as { id: string };

  // The start page rendered and charged; two linked pages charged and loading in the first server's
  // Chromium (a third may be charged too, waiting for a render slot: cut off all the same).
  await expect.poll(() => held.length, { timeout: 120_000 }).toBeGreaterThanOrEqual(2);
  const charged = async () =>
    (await sql(`SELECT 1 FROM crawl_pages WHERE crawl_id = $1 AND charged_at IS NOT NULL`, [id])).length;
  await expect.poll(charged).toBeGreaterThanOrEqual(3);
  expect(await renders(first.url)).toBeGreaterThanOrEqual(3);
  expect(await renders(first.url)).toBe(await charged());

  killHard(first);
  await first.exited;
  holding = false;
  held.splice(0).forEach((go) => go());
  const second = await server(secondPort);

  type Crawl = {
    status: string;
    total: number;
    completed: number;
    failed: number;
    pages: Array<{ url: string; status: string }>;
  };
  let crawl: Crawl = { status: "running", total: 0, completed: 0, failed: 0, pages: [] };
  await expect
    .poll(
      async () =>
        (crawl = (await (await fetch(`${second.url}/v1/crawl/${id}?size=100`, { headers })).json()) as Crawl).status,
      { timeout: 180_000, intervals: [500] },
    )
    .toBe("completed");
  expect(crawl, JSON.stringify(crawl.pages.filter((p) => p.status !== "completed"))).toMatchObject({
    total: 6,
    completed: 6,
    failed: 0,
  });
  const lines = (await (await fetch(`${second.url}/v1/crawl/${id}/pages.jsonl`, { headers })).text())
    .trim()
    .split("\n")
    .map((line) => (JSON.parse(line) as { url: string }).url);
  expect(lines).toHaveLength(6);
  expect(new Set(lines).size).toBe(6);
  expect(lines).toEqual(crawl.pages.map((page) => page.url));
  // The killed pages ran twice, the others once; one render counted per page.
  const attempts = await sql<{ attempts: number }>(`SELECT attempts FROM jobs WHERE crawl_id = $1`, [id]);
  expect(attempts.filter((row) => row.attempts === 2).length).toBeGreaterThanOrEqual(2);
  expect(attempts.every((row) => row.attempts <= 2)).toBe(true);
  expect(await renders(second.url)).toBe(6);
});
