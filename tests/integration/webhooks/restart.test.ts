/**
 * Webhook deliveries survive the death of the instance sending them (D20), with real processes:
 * instance A is killed (SIGKILL) while a receiver holds one of its attempts open, with another
 * delivery waiting for its retry; instance B, started afterwards on the same database, delivers
 * both once A's claim has run out — the interrupted one again under the same webhook-id — and
 * nothing A had delivered is sent again.
 */
import { type ChildProcess, fork } from "node:child_process";
import http from "node:http";
import type net from "node:net";
import path from "node:path";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount, type TestAccount } from "@/tests/support/api";
import { testEnvironment } from "@/tests/support/test-env";
import { eventually } from "@/tests/support/webhook-receiver";

let account: TestAccount;
let origin: string;
let server: http.Server;
const sockets = new Set<net.Socket>();
const received: Array<{ path: string; headers: Record<string, string>; body: string }> = [];
const children: ChildProcess[] = [];
let onHang: () => void = () => {};
let hangs = 0;
let failures = 0;

beforeAll(async () => {
  // /fail-first answers 500 once, then 200; /hang-first never answers its first request (and
  // tells the test, which kills the instance sending it), then answers 200.
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers[name] = value;
      received.push({ path: req.url ?? "/", headers, body: Buffer.concat(chunks).toString() });
      if (req.url === "/hang-first" && hangs++ === 0) return onHang();
      res.writeHead(req.url === "/fail-first" && failures++ === 0 ? 500 : 200).end();
    });
  });
  server.on("connection", (s: net.Socket) => {
    sockets.add(s);
    s.once("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
});

testEnvironment(() => ({
  extra: {
    URL_SIGNING_SECRET: "test-url-signing-secret-0123456789abcdef",
    ALLOW_PRIVATE_ORIGINS: origin,
    WEBHOOK_RETRY_BASE_MS: "200",
    WEBHOOK_POLL_MS: "50",
    // A's claim on the attempt it dies in runs out after 2 × 1 s + 5 s.
    WEBHOOK_TIMEOUT_MS: "1000",
  },
}));

beforeAll(async () => {
  account = await createTestAccount();
});

afterAll(async () => {
  for (const child of children) child.kill("SIGKILL");
  for (const s of sockets) s.destroy();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
});

async function startDispatcherProcess(): Promise<ChildProcess> {
  const child = fork(path.resolve("tests/support/webhook-dispatcher-child.ts"), [], {
    execArgv: ["--conditions=react-server", "--import", "tsx"],
    env: { ...process.env, LOG_LEVEL: "silent" },
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.once("message", () => resolve());
    child.once("exit", (code) => reject(new Error(`dispatcher exited (${code})`)));
  });
  return child;
}

it("a killed instance's deliveries are delivered by the next one, the interrupted attempt again under its webhook-id", async () => {
  const { enqueueWebhook } = await import("@/lib/webhooks/enqueue");
  const { getDb } = await import("@/lib/db");
  const db = await getDb();
  const event = (key: string, url: string) => ({
    userId: account.userId,
    type: "job.succeeded" as const,
    key,
    data: { id: key },
    url: `${origin}${url}`,
  });

  const a = await startDispatcherProcess();
  const aDied = new Promise<void>((resolve) => a.once("exit", () => resolve()));
  const done = (await enqueueWebhook(event("done", "/ok")))!;
  const retried = (await enqueueWebhook(event("retried", "/fail-first")))!;
  await eventually(
    async () => (await db.webhookDelivery.findUniqueOrThrow({ where: { id: done } })).state === "delivered",
    "A delivers the first",
  );
  await eventually(
    async () => (await db.webhookAttempt.count({ where: { deliveryId: retried } })) >= 1,
    "A's first attempt of the second fails",
  );

  // The third: A sends it, the receiver holds the request open and A is killed right then.
  onHang = () => a.kill("SIGKILL");
  const interrupted = (await enqueueWebhook(event("interrupted", "/hang-first")))!;
  await aDied;
  expect(await db.webhookAttempt.count({ where: { deliveryId: interrupted } })).toBe(0);

  await startDispatcherProcess();
  const ids = [done, retried, interrupted];
  await eventually(
    async () => (await db.webhookDelivery.count({ where: { id: { in: ids }, state: "delivered" } })) === 3,
    "B delivers the rest",
  );

  const byId = (id: string) => received.filter((r) => r.headers["webhook-id"] === id);
  expect(received.every((r) => ids.includes(r.headers["webhook-id"]))).toBe(true);
  expect(byId(done)).toHaveLength(1); // never sent again
  expect(byId(interrupted).map((r) => r.path)).toEqual(["/hang-first", "/hang-first"]);
  const attempts = await db.webhookAttempt.findMany({
    where: { deliveryId: { in: [retried, interrupted] } },
    orderBy: [{ deliveryId: "asc" }, { attempt: "asc" }],
  });
  expect(attempts.filter((x) => x.deliveryId === interrupted).map((x) => [x.attempt, x.statusCode])).toEqual([
    [1, 200],
  ]);
  expect(attempts.filter((x) => x.deliveryId === retried).map((x) => x.statusCode)).toEqual([500, 200]);

  const { webhookSettings } = await import("@/lib/webhooks/settings");
  const { secret } = await webhookSettings(account.userId);
  for (const r of received) expect(() => new Webhook(secret).verify(r.body, r.headers)).not.toThrow();
});
