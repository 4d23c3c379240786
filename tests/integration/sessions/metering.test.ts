/**
 * Session-minutes metered once (D39, issue 45 points 3 and 6, migration 0041): a session's end
 * writes its minutes — its length rounded up to whole minutes — to the month, to a request-log
 * entry of its own and, billing on, to Stripe's meter (the stripe library against a local
 * stand-in); a session whose instance stopped (no heartbeat) is ended at its last heartbeat by
 * the sweeper and counted once, however many sweeps race for it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { createTestAccount, type TestAccount } from "@/tests/support/api";
import { startStripeStandIn, TEST_STRIPE_PRICES, type StripeStandIn } from "@/tests/support/stripe-stand-in";
import { sessionHarness } from "./harness";

let standIn: StripeStandIn | undefined;
beforeAll(async () => {
  standIn = await startStripeStandIn();
});
afterAll(async () => {
  await standIn?.close();
});
const h = sessionHarness({
  SESSION_CHECK_MS: "300",
  STRIPE_SECRET_KEY: "sk_test_glance",
  STRIPE_WEBHOOK_SECRET: "whsec_test_glance",
  ...TEST_STRIPE_PRICES,
  // Read when the environment is made, after the stand-in has started.
  get STRIPE_API_URL() {
    return standIn!.url;
  },
});

async function sql<T>(text: string, values: unknown[] = []): Promise<T[]> {
  const { getPool } = await import("@/lib/db/pool");
  return (await (await getPool()).query(text, values)).rows as T[];
}

/** A session opened with the key; answers its id once it is live, and a close that waits for the row's end. */
async function liveSession(account: TestAccount) {
  const socket = new WebSocket(h.endpoint, { headers: { "X-API-Key": account.apiKey } });
  await new Promise((resolve, reject) => (socket.once("open", resolve), socket.once("error", reject)));
  const [row] = await sql<{ id: string }>(
    `SELECT id FROM browser_sessions WHERE user_id = $1 AND ended_at IS NULL ORDER BY created_at DESC LIMIT 1`,
    [account.userId],
  );
  const close = async () => {
    socket.close();
    await expect
      .poll(
        async () =>
          (await sql(`SELECT 1 FROM browser_sessions WHERE id = $1 AND ended_at IS NOT NULL`, [row!.id])).length,
      )
      .toBe(1);
  };
  return { id: row!.id, close };
}

async function monthMinutes(userId: string): Promise<number> {
  const rows = await sql<{ m: number }>(`SELECT session_minutes AS m FROM monthly_usage WHERE user_id = $1`, [userId]);
  return rows.reduce((sum, r) => sum + r.m, 0);
}

const meterEvents = (sessionId: string) =>
  standIn!.calls.filter((c) => c.path === "/v1/billing/meter_events" && c.params.identifier === sessionId);

describe("a session's end", () => {
  it("writes its minutes (rounded up) to the month, the request log and Stripe's meter, once", async () => {
    const account = await createTestAccount({ plan: "business" });
    await sql(`INSERT INTO billing_accounts (user_id, stripe_customer_id) VALUES ($1, $2)`, [
      account.userId,
      "cus_meter1",
    ]);
    const session = await liveSession(account);
    // Two minutes and five seconds in: three session-minutes.
    await sql(`UPDATE browser_sessions SET started_at = started_at - interval '125 seconds' WHERE id = $1`, [
      session.id,
    ]);
    await session.close();
    expect(await monthMinutes(account.userId)).toBe(3);

    const { listRequestLog } = await import("@/lib/usage/request-log");
    const { entries } = await listRequestLog(account.userId, { endpoint: "sessions" });
    expect(entries).toMatchObject([
      { endpoint: "sessions", status: 101, requestId: session.id, sessionMinutes: 3, via: "key" },
    ]);

    await expect.poll(() => meterEvents(session.id).length).toBe(1);
    expect(meterEvents(session.id)[0]!.params).toMatchObject({
      event_name: "glance_session_minutes",
      "payload[stripe_customer_id]": "cus_meter1",
      "payload[value]": "3",
    });
    expect(meterEvents(session.id)[0]!.authorization).toBe("Bearer sk_test_glance");

    // Ended again (DELETE after the end, a sweep): nothing more anywhere.
    const { recordEnd } = await import("@/lib/sessions/ending");
    expect(await recordEnd(session.id, "deleted")).toBeUndefined();
    const { sweepSessions } = await import("@/lib/sessions/sweeper");
    await sweepSessions();
    expect(await monthMinutes(account.userId)).toBe(3);
    expect((await listRequestLog(account.userId, { endpoint: "sessions" })).entries).toHaveLength(1);
    expect(meterEvents(session.id)).toHaveLength(1);
  });

  it("without a Stripe customer (billing on, a free account) the minutes are counted and nothing is sent", async () => {
    const account = await createTestAccount({ plan: "free" });
    const session = await liveSession(account);
    await session.close();
    expect(await monthMinutes(account.userId)).toBe(1);
    const { sweepSessions } = await import("@/lib/sessions/sweeper");
    await sweepSessions();
    expect(meterEvents(session.id)).toEqual([]);
  });
});

describe("a session whose instance stopped", () => {
  it("is ended at its last heartbeat by the sweeper and metered once, however many sweeps race", async () => {
    const account = await createTestAccount({ plan: "business" });
    await sql(`INSERT INTO billing_accounts (user_id, stripe_customer_id) VALUES ($1, $2)`, [
      account.userId,
      "cus_lost1",
    ]);
    // The row of a session whose instance was killed: started 4 minutes 30 s ago, last seen 40 s ago.
    const id = "bs_lostlostlostlost1";
    await sql(
      `INSERT INTO browser_sessions (id, user_id, api_key_id, started_at, seen_at)
       VALUES ($1, $2, $3, (now() AT TIME ZONE 'UTC') - interval '270 seconds', (now() AT TIME ZONE 'UTC') - interval '40 seconds')`,
      [id, account.userId, account.apiKeyId],
    );
    // A session seen a moment ago is alive on some instance: left alone.
    const alive = "bs_alivealivealive01";
    await sql(
      `INSERT INTO browser_sessions (id, user_id, api_key_id, started_at, seen_at)
       VALUES ($1, $2, $3, (now() AT TIME ZONE 'UTC') - interval '270 seconds', now() AT TIME ZONE 'UTC')`,
      [alive, account.userId, account.apiKeyId],
    );
    const { sweepSessions } = await import("@/lib/sessions/sweeper");
    await Promise.all([sweepSessions(), sweepSessions(), sweepSessions()]);
    await sweepSessions();

    const [row] = await sql<{ end_reason: string; minutes: number; exact: boolean }>(
      `SELECT end_reason, minutes, ended_at = seen_at AS exact FROM browser_sessions WHERE id = $1`,
      [id],
    );
    expect(row).toEqual({ end_reason: "lost", minutes: 4, exact: true }); // 3 min 50 s until its last heartbeat
    expect(await monthMinutes(account.userId)).toBe(4);
    const { listRequestLog } = await import("@/lib/usage/request-log");
    expect((await listRequestLog(account.userId, { endpoint: "sessions" })).entries).toMatchObject([
      { requestId: id, sessionMinutes: 4 },
    ]);
    expect(meterEvents(id)).toHaveLength(1);
    expect(meterEvents(id)[0]!.params["payload[value]"]).toBe("4");
    const [still] = await sql<{ ended: boolean }>(
      `SELECT ended_at IS NOT NULL AS ended FROM browser_sessions WHERE id = $1`,
      [alive],
    );
    expect(still).toEqual({ ended: false });
    const { GET } = await import("@/app/v1/sessions/[id]/route");
    const view = await GET(
      new Request(`http://localhost:3000/v1/sessions/${id}`, { headers: { "X-API-Key": account.apiKey } }),
    );
    expect(await view.json()).toMatchObject({ status: "ended", endReason: "lost" });
  });
});
