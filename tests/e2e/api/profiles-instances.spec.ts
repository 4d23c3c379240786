/**
 * A profile saved through an instance that does not hold the session, on production servers (D43):
 * two servers of the spec's own (scripts/server.ts from the same build, as behind a load balancer)
 * on the harness's database and on Redis (REDIS_URL: the session relay), sharing their secret. A
 * puppeteer client signs in through the fixture site's login form on a session of the first;
 * POST /v1/sessions/{id}/profile on the second answers 201, and a screenshot there with profile=
 * is signed in. Once the first is SIGKILLed, the same save answers 409 session_not_live at once.
 */
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { Redis } from "ioredis";
import puppeteer from "puppeteer-core";
import sharp from "sharp";
import { e2e, sql } from "../support";
import { startOwnServer, type OwnServer } from "../support/own-server";
import { accountWithKey } from "./mcp-support";

// Outside the harness's ports and the other specs' own servers (sessions-lost +41, crawl-killed +42 to +44).
const ports = { holder: e2e.appPort + 45, other: e2e.appPort + 46 };
const REDIS_URL = "redis://127.0.0.1:6379";
const redisPrefix = `glance-e2e-${e2e.appPort}-${randomBytes(4).toString("hex")}:`;
const servers: OwnServer[] = [];

test.afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop(5_000)));
  // What the instances kept in Redis (cached results, queues) goes with them.
  const redis = new Redis(REDIS_URL);
  try {
    const keys = await redis.keys(`${redisPrefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
});

/** Both instances: one database, one Redis prefix, one secret (a profile sealed by one opens on the other). */
function startInstances(): Promise<OwnServer[]> {
  const shared = {
    DATABASE_URL: e2e.databaseUrl,
    REDIS_URL,
    REDIS_PREFIX: redisPrefix,
    URL_SIGNING_SECRET: randomBytes(32).toString("hex"),
    CHROME_PATH: process.env.CHROME_PATH || "/usr/bin/chromium",
    ALLOW_PRIVATE_ORIGINS: e2e.fixturesUrl,
    BROWSER_CONCURRENCY: "1",
    LOG_LEVEL: "warn",
  };
  return Promise.all(
    Object.values(ports).map((port) =>
      startOwnServer({
        port,
        hostname: "127.0.0.1",
        env: { ...shared, APP_URL: `http://127.0.0.1:${port}` },
        readyTimeoutMs: 150_000,
      }),
    ),
  );
}

/** The colour in the middle of a screenshot: green signed in, red signed out (tests/support/login-site.ts). */
async function middle(png: ArrayBuffer): Promise<string> {
  const { data, info } = await sharp(Buffer.from(png)).raw().toBuffer({ resolveWithObject: true });
  const at = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
  return [data[at], data[at + 1], data[at + 2]].map((v) => v!.toString(16).padStart(2, "0")).join("");
}

test("a session's profile is saved through another instance, which then renders signed in", async () => {
  test.setTimeout(300_000);
  servers.push(...(await startInstances()));
  const [holder, other] = servers as [OwnServer, OwnServer];
  const { userId, apiKey } = await accountWithKey("business");
  const api = (path: string, init: RequestInit = {}) =>
    fetch(new URL(path, other.url), { ...init, headers: { "X-API-Key": apiKey, ...init.headers } });
  const save = (id: string) =>
    api(`/v1/sessions/${id}/profile`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "two-instances" }),
    });

  const browser = await puppeteer.connect({
    browserWSEndpoint: `${holder.url.replace(/^http/, "ws")}/v1/browser`,
    headers: { "X-API-Key": apiKey },
  });
  const page = await browser.newPage();
  await page.goto(`${e2e.fixturesUrl}/login`);
  await page.type("input[name=username]", "alice");
  await page.type("input[name=password]", "correct-horse");
  await Promise.all([page.waitForNavigation(), page.click("button")]);
  expect(await page.$eval("#who", (el) => el.textContent)).toBe("Signed in as alice");
  const [row] = await sql<{ id: string }>(`SELECT id FROM browser_sessions WHERE user_id = $1 AND ended_at IS NULL`, [
    userId,
  ]);

  const saved = await save(row!.id);
  expect(saved.status).toBe(201);
  expect(await saved.json()).toMatchObject({ name: "two-instances", origins: [e2e.fixturesUrl] });
  const url = encodeURIComponent(`${e2e.fixturesUrl}/account`);
  const shot = await api(`/v1/screenshot?url=${url}&width=400&height=300&profile=two-instances`);
  expect(shot.status).toBe(200);
  expect(await middle(await shot.arrayBuffer())).toBe("00c853");

  holder.child.kill("SIGKILL");
  await holder.exited;
  browser.disconnect();
  const since = Date.now();
  const refused = await save(row!.id);
  expect(Date.now() - since).toBeLessThan(2_000);
  expect(refused.status).toBe(409);
  const problem = (await refused.json()) as { code: string; detail: string };
  expect(problem.code).toBe("session_not_live");
  expect(problem.detail).toContain("no longer live");
});
