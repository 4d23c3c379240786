/**
 * The production server of tests/e2e/api/render-errors.spec.ts and what its tests drive it with.
 * `renderStand()` registers the spec's hooks: a database, data folder, target pages and S3 server
 * of its own, then the server (2 render slots, as `npm start`); after the spec they all stop. Its
 * requests answer as `Answer`s, checked against the documented status of their code.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { ERROR_CODES, type ErrorCode } from "@/lib/vocabulary/errors";
import { displayApiKey, generateApiKey, hashApiKey } from "../../../lib/keys/format";
import { startS3Server, type S3TestServer } from "../../support/s3-server";
import { startOwnServer, type OwnServer } from "./own-server";
import { e2e } from "./ports";

const databaseName = `glance_e2e_${e2e.appPort}_render`;
export const databaseUrl = `postgres://postgres@127.0.0.1:5432/${databaseName}`;
export const targets = `http://127.0.0.1:${e2e.renderTargetsPort}`;
/** Loopback, but not an allowed origin: the guard refuses it (D9). Nothing is sent there. */
export const privateTarget = "http://127.0.0.1:9/";
export const urlSigningSecret = randomBytes(24).toString("hex");

/** Paths the target server was asked for, in order. */
export const seen: string[] = [];

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

/** A Business account with one API key, written straight into the server's database. */
export async function createAccount(): Promise<{ userId: string; apiKey: string }> {
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

export interface Answer {
  status: number;
  ms: number;
  code?: string;
  type?: string;
  retryAfter: string | null;
  targetStatus: string | null;
}

export async function answerOf(request: Promise<Response>): Promise<Answer> {
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

/** The documented status of `code` (lib/vocabulary/errors.ts, the errors docs page, OpenAPI). */
export function expectDocumented(answer: Answer, code: ErrorCode) {
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: ERROR_CODES[code].status, code });
  expect(answer.type).toMatch(new RegExp(`/docs/errors#${code}$`));
}

/** What a hook made, or an error saying it was read too early (while the spec was collected). */
function made<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is made in beforeAll: read it in a test`);
  return value;
}

/** Registers the spec's hooks (call it at the top of the spec); the server is there in its tests. */
export function renderStand() {
  let server: OwnServer | undefined;
  let pages: http.Server | undefined;
  let s3: S3TestServer | undefined;
  let dataDir: string | undefined;

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

  const stand = {
    get server() {
      return made(server, "the render-errors server");
    },
    get s3() {
      return made(s3, "the S3 server");
    },
    get dataDir() {
      return made(dataDir, "the data folder");
    },
    /** GET /v1/screenshot with `params` as the account of `apiKey`. */
    shoot: (apiKey: string, params: Record<string, string>): Promise<Answer> => {
      const query = new URLSearchParams(params).toString();
      return answerOf(fetch(`${stand.server.url}/v1/screenshot?${query}`, { headers: { "X-API-Key": apiKey } }));
    },
    /**
     * Waits until no render runs or waits. A render that timed out goes on holding its slot while
     * its context closes, and one account holds at most one of the two slots (D17): each step that
     * needs a slot of its own starts on an idle queue.
     */
    queueIdle: async () => {
      await expect
        .poll(
          async () => {
            const { queue } = (await (await fetch(`${stand.server.url}/readyz`)).json()) as {
              queue: { running: number; waiting: number };
            };
            return queue.running + queue.waiting;
          },
          { timeout: 60_000, intervals: [250] },
        )
        .toBe(0);
    },
    /** The app's Chromium (the browser process, not its renderers): a child of the server. */
    browserPid: (): number | undefined => {
      const lines = execFileSync("ps", ["-o", "pid=,args=", "--ppid", String(stand.server.child.pid)], {
        encoding: "utf8",
      });
      const line = lines.split("\n").find((l) => /chrom/i.test(l) && l.includes("--remote-debugging"));
      return line ? Number(line.trim().split(/\s+/)[0]) : undefined;
    },
  };
  return stand;
}
