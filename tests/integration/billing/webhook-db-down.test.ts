/**
 * The Stripe webhook when the database fails (D18): a real failure, not a mock — the test's own
 * database stops accepting connections and the app's open ones are terminated. The answer is a
 * problem+json 500 (which Stripe retries), nothing is recorded, and the same event delivered again
 * once the database is back is applied, not taken for a replay.
 */
import pg from "pg";
import Stripe from "stripe";
import { afterAll, describe, expect, it } from "vitest";
import { createTestAccount, problemOf } from "@/tests/support/api";
import { ADMIN_DB_URL } from "@/tests/support/env";
import { testEnvironment } from "@/tests/support/test-env";
import { checkoutSession, stripeEvent } from "@/tests/support/stripe-events";
import { TEST_STRIPE_PRICES as PRICES } from "@/tests/support/stripe-stand-in";

const SECRET = "whsec_test_db_down";
const signer = new Stripe("sk_test_signer").webhooks;

// No STRIPE_API_URL: the webhook never calls Stripe's API.
const testEnv = testEnvironment({
  extra: { STRIPE_SECRET_KEY: "sk_test_glance", STRIPE_WEBHOOK_SECRET: SECRET, ...PRICES },
});
afterAll(async () => {
  await setConnections(true).catch(() => undefined);
});

function databaseName(): string {
  return new URL(testEnv.current.databaseUrl!).pathname.slice(1);
}

/** Closes the app's database for new connections and ends the open ones, or opens it again. */
async function setConnections(allowed: boolean): Promise<void> {
  const admin = new pg.Client({ connectionString: ADMIN_DB_URL });
  await admin.connect();
  try {
    await admin.query(`ALTER DATABASE ${databaseName()} ALLOW_CONNECTIONS ${allowed}`);
    if (!allowed)
      await admin.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
        [databaseName()],
      );
  } finally {
    await admin.end();
  }
}

async function post(evt: object) {
  const { POST } = await import("@/app/api/stripe/webhook/route");
  const payload = JSON.stringify(evt);
  const header = signer.generateTestHeaderString({ payload, secret: SECRET });
  return POST(
    new Request("http://localhost:3000/api/stripe/webhook", {
      method: "POST",
      body: payload,
      headers: { "stripe-signature": header, "content-type": "application/json" },
    }),
  );
}

describe("Stripe webhook with the database down", () => {
  it("answers problem+json 500, records nothing, and applies Stripe's retry once the database is back", async () => {
    const account = await createTestAccount({ plan: "free" });
    // One id for both deliveries: the retry is the same event.
    const event = stripeEvent("checkout.session.completed", checkoutSession(account.userId, "pro"));

    await setConnections(false);
    let failed: Response;
    try {
      failed = await post(event);
    } finally {
      await setConnections(true);
    }
    expect(failed.status).toBe(500);
    expect(failed.headers.get("cache-control")).toBe("no-store");
    const problem = await problemOf(failed);
    expect(problem).toMatchObject({ status: 500, code: "internal_error", title: "Internal Server Error" });
    expect(problem.detail).toBe(
      "The event could not be applied right now and was not recorded; Stripe's retry will apply it.",
    );
    expect(problem.requestId).toEqual(expect.any(String));
    expect(JSON.stringify(problem)).not.toMatch(/postgres|ALLOW_CONNECTIONS|glance_t_/i);

    const { getDb } = await import("@/lib/db");
    const db = await getDb();
    expect(await db.stripeEvent.count({ where: { id: event.id } })).toBe(0);
    expect((await db.user.findUniqueOrThrow({ where: { id: account.userId } })).plan).toBe("free");

    // Stripe's retry: the same event, signed again.
    const retried = await post(event);
    expect(retried.status).toBe(200);
    expect(await retried.json()).toEqual({ received: true, outcome: "applied" });
    expect((await db.user.findUniqueOrThrow({ where: { id: account.userId } })).plan).toBe("pro");
    const replay = await post(event);
    expect(await replay.json()).toEqual({ received: true, outcome: "duplicate" });
  });
});
