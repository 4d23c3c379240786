/**
 * Session-minutes on Stripe's meter (D39, issue 45 point 3), when billing is on: each ended,
 * metered session of an account with a Stripe customer is sent once as a meter event named
 * SESSION_METER_EVENT (value: its minutes, at its end), its id as the event's identifier — Stripe
 * refuses a second event with the same identifier, so a report retried after a crash between the
 * call and the row's update is not counted twice. Rows not yet reported are retried by every
 * instance's sweeper (lib/sessions/sweeper.ts) until they are; Stripe takes events up to 35 days old.
 */
import "server-only";
import Stripe from "stripe";
import { getPool } from "@/lib/db/pool";
import { log } from "@/lib/log";
import { billingEnabled, stripe } from "./stripe";

/** The event name of the Stripe meter to create (Billing → Meters; sum of `value`, customer `stripe_customer_id`). */
const SESSION_METER_EVENT = "glance_session_minutes";
/** Stripe refuses meter events older than 35 days: older unreported minutes stay in usage only. */
const REPORTABLE_DAYS = 34;
/** Sent under one transaction's row locks: kept small, as each is an HTTP call. */
const BATCH = 20;

interface Unreported {
  id: string;
  minutes: number;
  customer: string;
  ended_s: number;
}

/** Sends the unreported sessions' minutes; answers how many reached Stripe. A failure is logged and retried later. */
export async function reportSessionMinutes(): Promise<number> {
  if (!billingEnabled()) return 0;
  // The rows stay locked (SKIP LOCKED for the other sweepers) until their reports are recorded:
  // two instances never send the same session, and a crash mid-way unlocks them unreported.
  const client = await (await getPool()).connect();
  let reported = 0;
  try {
    await client.query("BEGIN");
    const { rows } = await client.query<Unreported>(
      `SELECT s.id, s.minutes, b.stripe_customer_id AS customer, extract(epoch FROM s.ended_at)::float8 AS ended_s
         FROM browser_sessions s JOIN billing_accounts b ON b.user_id = s.user_id
        WHERE s.minutes IS NOT NULL AND s.stripe_reported_at IS NULL
          AND s.ended_at > (now() AT TIME ZONE 'UTC') - make_interval(days => $1)
        ORDER BY s.ended_at LIMIT $2
        FOR UPDATE OF s SKIP LOCKED`,
      [REPORTABLE_DAYS, BATCH],
    );
    for (const row of rows) {
      try {
        await stripe().billing.meterEvents.create({
          event_name: SESSION_METER_EVENT,
          identifier: row.id,
          timestamp: Math.floor(row.ended_s),
          payload: { stripe_customer_id: row.customer, value: String(row.minutes) },
        });
      } catch (error) {
        // Refused as sent (400: a duplicate identifier, a bad customer): sending it again cannot
        // help, so it counts as done and is logged. Anything else (network, 429, 5xx): the rest
        // wait for the next sweep.
        const refused = error instanceof Stripe.errors.StripeInvalidRequestError;
        log.warn("could not report session-minutes to Stripe", { error, sessionId: row.id, refused });
        if (!refused) break;
      }
      await client.query(`UPDATE browser_sessions SET stripe_reported_at = now() AT TIME ZONE 'UTC' WHERE id = $1`, [
        row.id,
      ]);
      reported++;
    }
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
  return reported;
}
