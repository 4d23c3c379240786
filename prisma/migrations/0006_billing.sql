-- Self-serve billing (D18). A key beyond a lower plan's key limit is paused, never revoked.
ALTER TABLE "api_keys" ADD COLUMN "paused_at" TIMESTAMP(3);

-- A plan change that takes effect later (a downgrade at the end of the paid period, Free after
-- the failed-payment grace period). Read with the key on every request, so it applies on every
-- instance at its time.
ALTER TABLE "users" ADD COLUMN "scheduled_plan" "Plan";
ALTER TABLE "users" ADD COLUMN "scheduled_plan_at" TIMESTAMP(3);

-- The account's Stripe customer and the last subscription state applied.
CREATE TABLE "billing_accounts" (
  "user_id"                TEXT PRIMARY KEY REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "stripe_customer_id"     TEXT NOT NULL UNIQUE,
  "stripe_subscription_id" TEXT,
  "subscription_status"    TEXT,
  "paid_plan"              "Plan",
  "current_period_end"     TIMESTAMP(3),
  "cancel_at_period_end"   BOOLEAN NOT NULL DEFAULT false,
  "payment_failed_at"      TIMESTAMP(3),
  -- Stripe's `created` of the last subscription event applied: older events arriving late are ignored.
  "state_at"               TIMESTAMP(3),
  "updated_at"             TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- Each Stripe event id is applied once (webhooks are retried and can be replayed).
CREATE TABLE "stripe_events" (
  "id"           TEXT PRIMARY KEY,
  "type"         TEXT NOT NULL,
  "processed_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
