/**
 * Sending due deliveries (D20). A pass claims due rows with `FOR UPDATE SKIP LOCKED` and a lease,
 * so several instances share the work and none sends the same attempt twice; a claimed row whose
 * instance dies becomes due again when its lease runs out. Each attempt is signed afresh (a new
 * `webhook-timestamp`, the current secrets) over the stored body, sent under the address policy
 * (lib/net/post.ts: pinned connection, no redirects) and logged. A 2xx is delivered; anything else
 * is retried on the backoff schedule until the attempts run out, except a URL the address policy
 * refuses, which no retry will change.
 */
import "server-only";
import { performance } from "node:perf_hooks";
import { Webhook } from "standardwebhooks";
import { getDb } from "@/lib/db";
import { getPool } from "@/lib/db/pool";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { metrics } from "@/lib/observability/metrics";
import { SafeFetchError } from "@/lib/net/fetch";
import { safePost } from "@/lib/net/post";
import { nextAttemptAt } from "./backoff";
import { signingSecrets } from "./settings";

/**
 * A claim outlives any attempt (the receiver's timeout, signing and recording): after it, another
 * instance may take the delivery over, so it must not run out while the first is still sending.
 */
function leaseSeconds(): number {
  return (2 * env().WEBHOOK_TIMEOUT_MS) / 1000 + 5;
}
const BATCH = 10;

interface Claimed {
  id: string;
  userId: string;
  url: string;
  body: string;
  attempts: number;
}

interface Outcome {
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
  ok: boolean;
  /** No later attempt can succeed (the address policy refused the URL). */
  final: boolean;
}

async function claimDue(limit: number, asOf: Date, skip: string[]): Promise<Claimed[]> {
  const pool = await getPool();
  const { rows } = await pool.query<Claimed>(
    `UPDATE "webhook_deliveries" SET "lease_until" = now() + make_interval(secs => $2)
     WHERE "id" IN (
       SELECT "id" FROM "webhook_deliveries"
       WHERE "state" = 'pending' AND "next_attempt_at" <= $3 AND ("lease_until" IS NULL OR "lease_until" < now())
         AND NOT ("id" = ANY($4::text[]))
       ORDER BY "next_attempt_at" LIMIT $1 FOR UPDATE SKIP LOCKED)
     RETURNING "id", "user_id" AS "userId", "url", "body", "attempts"`,
    [limit, leaseSeconds(), asOf, skip],
  );
  return rows;
}

/** The Standard Webhooks headers for one attempt: one signature per secret, space-separated. */
export function signedHeaders(secrets: string[], id: string, body: string, at: Date): Record<string, string> {
  return {
    "content-type": "application/json",
    "user-agent": "Glance-Webhooks/1.0",
    "webhook-id": id,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": secrets.map((secret) => new Webhook(secret).sign(id, at, body)).join(" "),
  };
}

async function send(delivery: Claimed): Promise<Outcome> {
  const secrets = await signingSecrets(delivery.userId);
  const startedAt = new Date();
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const { status } = await safePost(delivery.url, {
      body: delivery.body,
      headers: signedHeaders(secrets, delivery.id, delivery.body, startedAt),
      timeoutMs: env().WEBHOOK_TIMEOUT_MS,
    });
    const ok = status >= 200 && status < 300;
    const error = ok
      ? null
      : status >= 300 && status < 400
        ? `Answered ${status}: redirects are not followed`
        : `Answered ${status}`;
    return { startedAt, durationMs: elapsed(), statusCode: status, error, ok, final: false };
  } catch (err) {
    if (!(err instanceof SafeFetchError)) throw err;
    const final = err.reason === "private_address" || err.reason === "unsupported_url";
    return {
      startedAt,
      durationMs: elapsed(),
      statusCode: null,
      error: `${err.reason}: ${err.message}`,
      ok: false,
      final,
    };
  }
}

async function record(delivery: Claimed, outcome: Outcome): Promise<void> {
  const attempt = delivery.attempts + 1;
  const now = new Date();
  const next = outcome.ok || outcome.final ? null : nextAttemptAt(attempt, now);
  const state = outcome.ok ? "delivered" : next ? "pending" : "failed";
  const db = await getDb();
  await db.$transaction([
    db.webhookAttempt.createMany({
      data: [
        {
          deliveryId: delivery.id,
          attempt,
          startedAt: outcome.startedAt,
          durationMs: outcome.durationMs,
          statusCode: outcome.statusCode,
          error: outcome.error,
          ok: outcome.ok,
        },
      ],
      skipDuplicates: true,
    }),
    // Guarded by the attempt count: if this instance's lease ran out and another took over, the
    // later writer of the same attempt changes nothing.
    db.webhookDelivery.updateMany({
      where: { id: delivery.id, attempts: delivery.attempts },
      data: {
        attempts: attempt,
        state,
        nextAttemptAt: next,
        leaseUntil: null,
        finishedAt: state === "pending" ? null : now,
      },
    }),
  ]);
  const fields = {
    deliveryId: delivery.id,
    attempt,
    status: outcome.statusCode,
    error: outcome.error ?? undefined,
    state,
  };
  metrics().webhookAttempts.inc({ outcome: state === "pending" ? "retrying" : state });
  if (outcome.ok) log.info("webhook delivered", fields);
  else log.warn("webhook attempt failed", fields);
}

/**
 * One attempt, sent and recorded. An error of ours (the database, the secret) is logged and leaves
 * the delivery claimed: it is tried again when the claim runs out, and the others in the batch go on.
 */
async function attempt(delivery: Claimed): Promise<void> {
  try {
    await record(delivery, await send(delivery));
  } catch (error) {
    log.warn("webhook attempt could not be made", { deliveryId: delivery.id, error });
  }
}

/**
 * Sends every delivery due at `asOf` (default: now), in batches, and returns how many attempts
 * were made. One pass tries each delivery at most once.
 * The dispatcher calls it; tests call it to run one pass deterministically (and pass a later
 * `asOf` to make a scheduled retry due without waiting for it).
 */
export async function runWebhookDeliveries(options: { asOf?: Date } = {}): Promise<number> {
  const asOf = options.asOf ?? new Date();
  const tried: string[] = [];
  for (;;) {
    const batch = await claimDue(BATCH, asOf, tried);
    if (batch.length === 0) return tried.length;
    await Promise.all(batch.map((delivery) => attempt(delivery)));
    tried.push(...batch.map((d) => d.id));
  }
}
