/**
 * A session killed with its instance ends cleanly and is metered once (D39, issue 45 point 6):
 * a production server of the spec's own (scripts/server.ts from the same build, the harness's
 * database) holds a live puppeteer session and is SIGKILLed — no shutdown, no close, no end
 * written. The harness's app, another instance on the same database, notices the session's
 * heartbeat stopped and ends it at its last heartbeat: the row says `lost`, the month counts its
 * minute once, the request log has one entry, and Stripe's meter (the harness's stand-in) got one
 * event. Takes about 45 s: the harness's instance waits its staleness window (30 s) before
 * calling a session lost, so a slow heartbeat is never mistaken for a dead instance.
 */
import { expect, test } from "@playwright/test";
import puppeteer from "puppeteer-core";
import { e2e, sql } from "../support";
import { startOwnServer, type OwnServer } from "../support/own-server";
import { checkoutCompleted, stripeCalls } from "../support/stripe";
import { accountWithKey } from "./mcp-support";

const port = e2e.appPort + 41; // outside the harness's ports
const ownUrl = `http://127.0.0.1:${port}`;
let server: OwnServer | undefined;

test.afterAll(async () => {
  await server?.stop(5_000);
});

test("a session whose server is SIGKILLed is ended by another instance and metered once", async () => {
  test.setTimeout(240_000);
  server = await startOwnServer({
    port,
    hostname: "127.0.0.1",
    env: {
      APP_URL: ownUrl,
      DATABASE_URL: e2e.databaseUrl,
      CHROME_PATH: process.env.CHROME_PATH || "/usr/bin/chromium",
      ALLOW_PRIVATE_ORIGINS: e2e.fixturesUrl,
      SESSION_CHECK_MS: "1000",
      LOG_LEVEL: "warn",
    },
    readyTimeoutMs: 150_000,
  });
  const { userId, apiKey } = await accountWithKey("business");
  expect((await checkoutCompleted(userId, "business")).status).toBe(200); // a Stripe customer: cus_<userId>

  const browser = await puppeteer.connect({
    browserWSEndpoint: `${ownUrl.replace(/^http/, "ws")}/v1/browser`,
    headers: { "X-API-Key": apiKey },
  });
  const page = await browser.newPage();
  await page.goto(`${e2e.fixturesUrl}/session-form.html`);
  const [row] = await sql<{ id: string }>(`SELECT id FROM browser_sessions WHERE user_id = $1 AND ended_at IS NULL`, [
    userId,
  ]);
  const id = row!.id;
  const view = async () =>
    (await (await fetch(`${e2e.appUrl}/v1/sessions/${id}`, { headers: { "X-API-Key": apiKey } })).json()) as {
      status: string;
      endReason: string | null;
    };
  expect(await view()).toMatchObject({ status: "live" });

  server.child.kill("SIGKILL");
  await server.exited;
  browser.disconnect();

  // The harness's instance ends it at its last heartbeat, once.
  await expect
    .poll(async () => (await sql(`SELECT end_reason FROM browser_sessions WHERE id = $1`, [id]))[0]?.end_reason, {
      timeout: 120_000,
      intervals: [1_000],
    })
    .toBe("lost");
  const [ended] = await sql<{ minutes: number; at_heartbeat: boolean }>(
    `SELECT minutes, ended_at = seen_at AS at_heartbeat FROM browser_sessions WHERE id = $1`,
    [id],
  );
  expect(ended).toEqual({ minutes: 1, at_heartbeat: true });
  expect(await view()).toMatchObject({ status: "ended", endReason: "lost" });
  const usage = (await (await fetch(`${e2e.appUrl}/v1/usage`, { headers: { "X-API-Key": apiKey } })).json()) as {
    sessionMinutes: { used: number };
  };
  expect(usage.sessionMinutes.used).toBe(1);
  const logged = await sql(`SELECT session_minutes FROM usage_events WHERE user_id = $1 AND request_id = $2`, [
    userId,
    id,
  ]);
  expect(logged).toEqual([{ session_minutes: 1 }]);
  const meterEvents = async () =>
    (await stripeCalls()).filter((c) => c.path === "/v1/billing/meter_events" && c.params.identifier === id);
  await expect.poll(async () => (await meterEvents()).length, { timeout: 30_000 }).toBe(1);
  expect((await meterEvents())[0]!.params).toMatchObject({
    "payload[stripe_customer_id]": `cus_${userId}`,
    "payload[value]": "1",
  });
  // More sweeps of the harness's instance (every 10 s) change nothing.
  await new Promise((resolve) => setTimeout(resolve, 12_000));
  expect(await meterEvents()).toHaveLength(1);
  expect((await sql(`SELECT 1 FROM usage_events WHERE user_id = $1 AND request_id = $2`, [userId, id])).length).toBe(1);
});
