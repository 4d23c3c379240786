/**
 * Every error the render path raises keeps its documented status and code through the production
 * server (#26, D30, D17). In `npm start` some modules exist more than once (instrumentation.ts's
 * copy made lib/browser's queue and browser, the route handlers have their own copy of
 * lib/api/errors), and a 503 renderer_busy thrown by the one was a 500 internal_error to the
 * other; the in-process tests could not see it. This spec starts a production server of its own
 * (2 render slots, its own database, browser, target pages and S3 server), drives a burst past
 * its capacity, walks each code the render path can raise, and ends by stopping the server.
 */
import { execFile, execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { ERROR_CODES, type ErrorCode } from "../../../lib/api/errors";
import { displayApiKey, generateApiKey, hashApiKey } from "../../../lib/keys/format";
import { S3_ACCESS_KEY_ID, startS3Server, type S3TestServer } from "../../support/s3-server";
import { e2e } from "../support";
import { startOwnServer, type OwnServer } from "../support/own-server";

const databaseName = `glance_e2e_${e2e.appPort}_render`;
const databaseUrl = `postgres://postgres@127.0.0.1:5432/${databaseName}`;
const targets = `http://127.0.0.1:${e2e.renderTargetsPort}`;
/** Loopback, but not an allowed origin: the guard refuses it (D9). Nothing is sent there. */
const privateTarget = "http://127.0.0.1:9/";
const urlSigningSecret = randomBytes(24).toString("hex");

let server: OwnServer;
let pages: http.Server;
let s3: S3TestServer;
let dataDir: string;
/** Paths the target server was asked for, in order. */
const seen: string[] = [];

test.describe.configure({ mode: "serial", timeout: 120_000 });

async function admin(sql: string, url: string = e2e.adminDatabaseUrl, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows;
  } finally {
    await client.end();
  }
}

function startTargets(): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", targets);
    seen.push(`${url.pathname}${url.search}`);
    const html = (body: string) => ({ "content-type": "text/html; charset=utf-8", "content-length": body.length });
    if (url.pathname === "/never") {
      // Headers and a first chunk, then nothing: `load` never fires.
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.write("<!doctype html><title>never</title><p>loading");
      return;
    }
    if (url.pathname === "/slow") {
      const body = "<!doctype html><title>slow</title><h1>slow</h1>";
      setTimeout(() => res.writeHead(200, html(body)).end(body), 3_000);
      return;
    }
    if (url.pathname === "/missing") {
      const body = "<!doctype html><title>404</title><h1>Not here</h1>";
      return void res.writeHead(404, html(body)).end(body);
    }
    if (url.pathname === "/to-private") return void res.writeHead(302, { location: privateTarget }).end();
    const body = "<!doctype html><title>ok</title><h1>ok</h1>";
    res.writeHead(200, html(body)).end(body);
  });
  return new Promise((resolve) => server.listen(e2e.renderTargetsPort, "127.0.0.1", () => resolve(server)));
}

async function createAccount(): Promise<{ userId: string; apiKey: string }> {
  const userId = `e2er${randomBytes(10).toString("hex")}`;
  await admin(
    `INSERT INTO users (id, email, plan, updated_at) VALUES ($1, $2, 'business'::"Plan", now())`,
    databaseUrl,
    [userId, `${userId}@example.test`],
  );
  const apiKey = generateApiKey();
  await admin(
    `INSERT INTO api_keys (id, user_id, name, hash, display) VALUES ($1, $2, 'errors', $3, $4)`,
    databaseUrl,
    [`key${userId}`, userId, hashApiKey(apiKey), displayApiKey(apiKey)],
  );
  return { userId, apiKey };
}

interface Answer {
  status: number;
  ms: number;
  code?: string;
  type?: string;
  retryAfter: string | null;
  targetStatus: string | null;
}

async function answerOf(request: Promise<Response>): Promise<Answer> {
  const started = Date.now();
  const response = await request;
  const base = {
    status: response.status,
    retryAfter: response.headers.get("retry-after"),
    targetStatus: response.headers.get("x-target-status"),
  };
  if (response.status < 300) {
    await response.arrayBuffer();
    return { ...base, ms: Date.now() - started };
  }
  expect(response.headers.get("content-type")).toBe("application/problem+json");
  const problem = (await response.json()) as { code: string; type: string; status: number };
  expect(problem.status).toBe(response.status);
  return { ...base, ms: Date.now() - started, code: problem.code, type: problem.type };
}

function shoot(apiKey: string, params: Record<string, string>): Promise<Answer> {
  const query = new URLSearchParams(params).toString();
  return answerOf(fetch(`${server.url}/v1/screenshot?${query}`, { headers: { "X-API-Key": apiKey } }));
}

/** The documented status of `code` (lib/api/errors.ts, the errors docs page, OpenAPI). */
function expectDocumented(answer: Answer, code: ErrorCode) {
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: ERROR_CODES[code].status, code });
  expect(answer.type).toMatch(new RegExp(`/docs/errors#${code}$`));
}

/**
 * Waits until no render runs or waits. A render that timed out goes on holding its slot while its
 * context closes, and one account holds at most one of the two slots (D17): each step that needs
 * a slot of its own starts on an idle queue.
 */
async function queueIdle() {
  await expect
    .poll(
      async () => {
        const { queue } = (await (await fetch(`${server.url}/readyz`)).json()) as {
          queue: { running: number; waiting: number };
        };
        return queue.running + queue.waiting;
      },
      { timeout: 60_000, intervals: [250] },
    )
    .toBe(0);
}

/** The app's Chromium (the browser process, not its renderers): a child of the server. */
function browserPid(): number | undefined {
  const lines = execFileSync("ps", ["-o", "pid=,args=", "--ppid", String(server.child.pid)], { encoding: "utf8" });
  const line = lines.split("\n").find((l) => /chrom/i.test(l) && l.includes("--remote-debugging"));
  return line ? Number(line.trim().split(/\s+/)[0]) : undefined;
}

test.beforeAll(async () => {
  test.setTimeout(300_000);
  await admin(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${databaseName}`);
  dataDir = await mkdtemp(path.join(os.tmpdir(), "glance-e2e-render-"));
  pages = await startTargets();
  s3 = await startS3Server({ port: e2e.renderS3Port });
  server = await startOwnServer({
    port: e2e.renderAppPort,
    hostname: "127.0.0.1",
    env: {
      APP_URL: `http://127.0.0.1:${e2e.renderAppPort}`,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      URL_SIGNING_SECRET: urlSigningSecret,
      ALLOW_PRIVATE_ORIGINS: `${targets},http://127.0.0.1:${e2e.renderClosedPort},${s3.origin}`,
      CHROME_PATH: process.env.CHROME_PATH || "/usr/bin/chromium",
      BROWSER_CONCURRENCY: "2",
      // The queue's refusal lines (warn) are read by the burst test.
      LOG_LEVEL: "warn",
    },
    readyTimeoutMs: 240_000,
  });
});

// On a failure, the server's log is what explains it.
test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus)
    await testInfo.attach("server output", { body: server?.output() ?? "", contentType: "text/plain" });
});

test.afterAll(async () => {
  await server?.stop();
  await new Promise((resolve) => pages?.close(resolve));
  await s3?.close();
  await admin(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`).catch(() => {});
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

test("a burst past capacity: early 503 renderer_busy with Retry-After, never a 500", async () => {
  const { apiKey } = await createAccount();
  // A warm browser, as in service; then 16 distinct MISSes of a page that never finishes. One
  // account holds at most 1 of the 2 slots (D17): one renders until its 8-s timeout (504), the
  // others cannot start within their 2-s share and are refused, most at once.
  expect((await shoot(apiKey, { url: `${targets}/ok?warm` })).status).toBe(200);
  const burst = await Promise.all(
    Array.from({ length: 16 }, (_, i) => shoot(apiKey, { url: `${targets}/never?burst=${i}`, timeout: "8000" })),
  );
  const report = JSON.stringify(burst);
  expect(
    burst.filter((a) => a.status !== 503 && a.status !== 504),
    report,
  ).toEqual([]);
  const refused = burst.filter((a) => a.status === 503);
  expect(refused.length, report).toBeGreaterThanOrEqual(12);
  for (const answer of refused) {
    expectDocumented(answer, "renderer_busy");
    expect(answer.retryAfter).toMatch(/^[1-9]\d*$/);
    // Refused before its timeout, not left to run into it.
    expect(answer.ms).toBeLessThan(8_000);
  }
  for (const answer of burst.filter((a) => a.status === 504)) expectDocumented(answer, "render_timeout");
  // Refused at admission, from the queue's own log lines: the estimate said "cannot start in time".
  const whens = [...server.output().matchAll(/"msg":"render refused: renderers busy".*?"when":"([^"]+)"/g)].map(
    (m) => m[1],
  );
  expect(whens.filter((w) => w === "at admission").length, whens.join(", ")).toBeGreaterThan(0);
  expect(server.output()).not.toContain('"code":"internal_error"');
});

test("each error of a render answers its documented status and code", async () => {
  const { apiKey } = await createAccount();
  // Each on an idle queue: the previous render's context may still be closing in its slot.
  const alone = async (params: Record<string, string>) => {
    await queueIdle();
    return shoot(apiKey, params);
  };
  // Target errors (D9, D19): refused before the browser, during navigation, by the target.
  expectDocumented(await alone({ url: privateTarget }), "private_address");
  expectDocumented(await alone({ url: `${targets}/to-private` }), "private_address");
  expectDocumented(await alone({ url: `http://127.0.0.1:${e2e.renderClosedPort}/` }), "target_unreachable");
  const missing = await alone({ url: `${targets}/missing` });
  expectDocumented(missing, "target_http_error");
  expect(missing.targetStatus).toBe("404");
  expectDocumented(
    await alone({ url: `${targets}/ok?selector`, selector: "#absent", timeout: "6000" }),
    "selector_not_found",
  );
  // The deadline (D10).
  expectDocumented(await alone({ url: `${targets}/never?timeout`, timeout: "3000" }), "render_timeout");
  // The browser gone mid-render: 502, and the next render gets a new browser.
  const before = seen.length;
  const dying = alone({ url: `${targets}/never?killed`, timeout: "30000" });
  await expect.poll(() => seen.slice(before).includes("/never?killed"), { timeout: 20_000 }).toBe(true);
  const pid = browserPid();
  expect(pid, "the app's Chromium").toBeTruthy();
  process.kill(pid!, "SIGKILL");
  expectDocumented(await dying, "renderer_unavailable");
  expect((await alone({ url: `${targets}/ok?after-kill` })).status).toBe(200);
  expect(server.output()).not.toContain('"code":"internal_error"');
});

test("jobs and storage: a failed job carries the error its render raised; storage errors are documented", async () => {
  const { userId, apiKey } = await createAccount();
  await queueIdle();
  const post = (body: unknown) =>
    fetch(`${server.url}/v1/jobs`, {
      method: "POST",
      headers: { "X-API-Key": apiKey, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  const finished = async (id: string) => {
    let job: { status: string; error?: { status: number; code: string } } = { status: "queued" };
    await expect
      .poll(
        async () => {
          job = await (await fetch(`${server.url}/v1/jobs/${id}`, { headers: { "X-API-Key": apiKey } })).json();
          return job.status;
        },
        { timeout: 60_000, intervals: [250] },
      )
      .toMatch(/^(succeeded|failed)$/);
    return job;
  };
  const unknown = await answerOf(
    fetch(`${server.url}/v1/jobs/job_${"0".repeat(24)}`, { headers: { "X-API-Key": apiKey } }),
  );
  expectDocumented(unknown, "job_not_found");
  expectDocumented(
    await answerOf(post({ endpoint: "screenshot", params: { url: `${targets}/ok` }, store: true })),
    "storage_not_configured",
  );

  const jobOf = async (params: Record<string, unknown>, store = false) => {
    const accepted = await post({ endpoint: "screenshot", params, ...(store ? { store: true } : {}) });
    expect(accepted.status).toBe(202);
    return finished(((await accepted.json()) as { id: string }).id);
  };
  const timedOut = await jobOf({ url: `${targets}/never?job`, timeout: 3000 });
  expect(timedOut).toMatchObject({ status: "failed", error: { status: 504, code: "render_timeout" } });
  await queueIdle();
  const refusedTarget = await jobOf({ url: `${targets}/to-private?job` });
  expect(refusedTarget).toMatchObject({ status: "failed", error: { status: 400, code: "private_address" } });

  // A bucket whose secret is wrong: the upload is refused, the job fails with 502.
  // Not execFileSync: a blocked event loop misses the server closing an idle keep-alive socket,
  // and the next fetch on it fails.
  await promisify(execFile)(
    process.execPath,
    [
      "--conditions=react-server",
      "--import",
      "tsx",
      "tests/support/configure-storage-child.ts",
      userId,
      JSON.stringify({
        endpoint: s3.origin,
        region: "us-east-1",
        bucket: s3.bucket,
        prefix: "e2e/",
        accessKeyId: S3_ACCESS_KEY_ID,
        secretAccessKey: "not-the-secret-of-this-bucket",
      }),
    ],
    {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: "production",
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        URL_SIGNING_SECRET: urlSigningSecret,
        ALLOW_PRIVATE_ORIGINS: s3.origin,
        LOG_LEVEL: "silent",
      },
    },
  );
  const upload = await jobOf({ url: `${targets}/ok?store` }, true);
  expect(upload).toMatchObject({
    status: "failed",
    error: { status: ERROR_CODES.storage_upload_failed.status, code: "storage_upload_failed" },
  });
  expect(server.output()).not.toContain('"code":"internal_error"');
});

test("shutting down: renders in flight finish, new ones get 503 shutting_down with Retry-After", async () => {
  const { apiKey } = await createAccount();
  await queueIdle();
  const inFlight = shoot(apiKey, { url: `${targets}/slow?last` });
  await expect.poll(() => seen.includes("/slow?last"), { timeout: 20_000 }).toBe(true);
  server.child.kill("SIGTERM");
  await expect.poll(async () => (await fetch(`${server.url}/readyz`)).status, { timeout: 10_000 }).toBe(503);
  const late = await shoot(apiKey, { url: `${targets}/ok?late` });
  expectDocumented(late, "shutting_down");
  expect(late.retryAfter).toMatch(/^[1-9]\d*$/);
  expect((await inFlight).status).toBe(200);
  expect(await server.exited).toBe(0);
  expect(server.output()).not.toContain('"code":"internal_error"');
});
