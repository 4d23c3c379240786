/**
 * The end-to-end environment, started by Playwright as its webServer command (plugins such as
 * webServer start before globalSetup, so everything a test needs lives here):
 *  - the app's output kept for specs, and pages held until a spec releases them (harness-taps.ts);
 *  - a fresh PostgreSQL database (glance_e2e_<port>): the production database engine, dropped on exit;
 *  - an SMTP listener that captures every mail, readable at <controlUrl>/mails;
 *  - a GitHub OAuth + REST stub (github-stub.ts);
 *  - a static server for tests/e2e/fixtures, allowed as a private origin for rendering tests, which
 *    also serves Debian's documentation packages under /doc/ and /debian-reference/ (real pages
 *    for the content tests, tests/support/debian-docs.ts; a spec installs the packages it reads);
 *  - a stand-in for Stripe's API and hosted pages (billing is on, D18); its calls at <controlUrl>/stripe-calls;
 *  - the BUILT app (scripts/server.ts, as `npm start`; build dir from NEXT_DIST_DIR) with all of the above configured.
 * The build is done before (scripts/test.sh), never here. SIGTERM/SIGINT tear everything down.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { SMTPServer } from "smtp-server";
import { serverCommand } from "../../../lib/edge/command";
import { debianDocFile } from "../../support/debian-docs";
import { createSmtpCapture } from "../../support/smtp-capture";
import { startStripeStandIn, type StripeStandIn } from "../../support/stripe-stand-in";
import { createGitHubStub } from "./github-stub";
import { answerHeld, answerTapControl, APP_LOG_LEVEL, tapOutput } from "./harness-taps";
import { parseMail, type ParsedMail } from "./mime";
import { e2e } from "./ports";
import { loginSiteHandler } from "../../support/login-site";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../../..");
const distDir = process.env.NEXT_DIST_DIR || ".next";

interface CapturedMail extends ParsedMail {
  envelopeTo: string[];
  receivedAt: string;
}

const mails: CapturedMail[] = [];
const servers: Array<{ close(cb: () => void): void }> = [];
let app: ChildProcess | undefined;
let stripeStandIn: StripeStandIn | undefined;
let dataDir: string | undefined;
let stopping = false;

function say(message: string) {
  process.stdout.write(`[e2e harness] ${message}\n`);
}

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: e2e.adminDatabaseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function listen(server: http.Server | SMTPServer, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    (server as http.Server).listen(port, "127.0.0.1", () => resolve());
    servers.push(server as http.Server);
  });
}

function startSmtp(): Promise<void> {
  const smtp = createSmtpCapture(({ rcpt, raw }) =>
    mails.push({
      ...parseMail(raw),
      envelopeTo: rcpt.map((r) => r.toLowerCase()),
      receivedAt: new Date().toISOString(),
    }),
  );
  return listen(smtp, e2e.smtpPort);
}

function startControl(): Promise<void> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", e2e.controlUrl);
    if (url.pathname === "/mails" && req.method === "GET") {
      const to = url.searchParams.get("to")?.toLowerCase();
      const list = to ? mails.filter((m) => m.envelopeTo.includes(to)) : mails;
      res.writeHead(200, { "content-type": "application/json" });
      return res.end(JSON.stringify(list));
    }
    if (url.pathname === "/stripe-calls" && req.method === "GET") {
      res.writeHead(200, { "content-type": "application/json" });
      return res.end(JSON.stringify(stripeStandIn?.calls ?? []));
    }
    if (answerTapControl(url, req.method ?? "GET", res)) return;
    res.writeHead(404).end();
  });
  return listen(server, Number(new URL(e2e.controlUrl).port));
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css",
  ".js": "text/javascript",
  ".png": "image/png",
  ".svg": "image/svg+xml",
  ".json": "application/json",
};

function startFixtures(): Promise<void> {
  const dir = path.join(root, "tests/e2e/fixtures");
  const sharedDir = path.join(root, "tests/fixtures");
  const login = loginSiteHandler(); // a site behind a login form (saved profiles, D43)
  const server = http.createServer(async (req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? "/", e2e.fixturesUrl).pathname);
    if (answerHeld(pathname, req, res) || login(req, res)) return;
    const debian = debianDocFile(pathname);
    // /shared/… is tests/fixtures, the pages the integration tests render too: one copy for both suites.
    const shared = pathname.startsWith("/shared/");
    const base = shared ? sharedDir : dir;
    const file =
      debian ?? path.join(base, shared ? pathname.slice("/shared".length) : pathname === "/" ? "index.html" : pathname);
    if (!debian && !file.startsWith(base + path.sep)) return res.writeHead(403).end();
    try {
      const body = await readFile(file);
      res.writeHead(200, { "content-type": TYPES[path.extname(file)] ?? "application/octet-stream" });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return listen(server, Number(new URL(e2e.fixturesUrl).port));
}

function startApp(): void {
  if (!existsSync(path.join(root, distDir, "BUILD_ID"))) {
    throw new Error(`no production build in ${distDir}: run \`NEXT_DIST_DIR=${distDir} npx next build\` first`);
  }
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    NEXT_DIST_DIR: distDir,
    PORT: String(e2e.appPort),
    APP_URL: e2e.appUrl,
    DATA_DIR: dataDir,
    DATABASE_URL: e2e.databaseUrl,
    EMAIL_SERVER: `smtp://127.0.0.1:${e2e.smtpPort}`,
    EMAIL_FROM: "Glance <no-reply@glance.test>",
    AUTH_GITHUB_ID: e2e.githubClientId,
    AUTH_GITHUB_SECRET: e2e.githubClientSecret,
    AUTH_GITHUB_BASE_URL: e2e.githubUrl,
    AUTH_GITHUB_API_URL: `${e2e.githubUrl}/api`,
    ALLOW_PRIVATE_ORIGINS: `${e2e.fixturesUrl},http://127.0.0.1:${e2e.s3Port},${e2e.crawlSiteUrl}`,
    CACHE_SECRET: randomBytes(16).toString("hex"),
    CHROME_PATH: process.env.CHROME_PATH || "/usr/bin/chromium",
    BROWSER_CONCURRENCY: "2",
    // Every line is kept for the specs; what is printed is chosen by E2E_LOG_LEVEL (harness-taps.ts).
    LOG_LEVEL: APP_LOG_LEVEL,
    STRIPE_SECRET_KEY: "sk_test_glance_e2e",
    STRIPE_WEBHOOK_SECRET: e2e.stripeWebhookSecret,
    STRIPE_API_URL: e2e.stripeUrl,
    ...e2e.stripePrices,
  };
  const server = serverCommand(root, { port: e2e.appPort, hostname: "127.0.0.1" });
  app = spawn(server.command, server.args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  tapOutput(app.stdout!, process.stdout);
  tapOutput(app.stderr!, process.stderr);
  app.once("exit", (code, signal) => {
    if (!stopping) {
      say(`app exited unexpectedly (${signal ?? code})`);
      void stop(1);
    }
  });
}

async function stop(exitCode = 0): Promise<void> {
  if (stopping) return;
  stopping = true;
  if (app && app.exitCode === null) {
    app.kill("SIGTERM");
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => (app?.kill("SIGKILL"), resolve()), 5_000);
      app!.once("exit", () => (clearTimeout(timer), resolve()));
    });
  }
  await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
  await stripeStandIn?.close();
  await adminQuery(`DROP DATABASE IF EXISTS ${e2e.databaseName} WITH (FORCE)`).catch((e) =>
    say(`could not drop database: ${e}`),
  );
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  process.exit(exitCode);
}

async function main() {
  process.on("SIGTERM", () => void stop(0));
  process.on("SIGINT", () => void stop(0));
  await adminQuery(`DROP DATABASE IF EXISTS ${e2e.databaseName} WITH (FORCE)`);
  await adminQuery(`CREATE DATABASE ${e2e.databaseName}`);
  dataDir = await mkdtemp(path.join(os.tmpdir(), "glance-e2e-"));
  stripeStandIn = await startStripeStandIn({ port: Number(new URL(e2e.stripeUrl).port), hostedPages: true });
  await Promise.all([
    startSmtp(),
    startControl(),
    startFixtures(),
    listen(
      createGitHubStub({ clientId: e2e.githubClientId, clientSecret: e2e.githubClientSecret, appOrigin: e2e.appUrl }),
      Number(new URL(e2e.githubUrl).port),
    ),
  ]);
  say(
    `smtp :${e2e.smtpPort}, control ${e2e.controlUrl}, github stub ${e2e.githubUrl}, fixtures ${e2e.fixturesUrl}, stripe ${e2e.stripeUrl}, database ${e2e.databaseName}`,
  );
  startApp();
  say(`app starting at ${e2e.appUrl} from ${distDir}`);
}

main().catch((error) => {
  say(`failed: ${error instanceof Error ? error.message : String(error)}`);
  void stop(1);
});
