/**
 * An account's webhook settings (D20): the default URL jobs without their own webhookUrl are
 * reported to, and the signing secret (derived from a stored nonce, secret.ts).
 */
import "server-only";
import type pg from "pg";
import { getDb } from "@/lib/db";
import { getPool } from "@/lib/db/pool";
import { couldSeeWebhookSecret, type Role } from "@/lib/auth/roles";
import { deriveWebhookSecret, newSecretNonce } from "./secret";
import { assertWebhookUrl } from "./url";

export interface WebhookSettingsView {
  url: string | null;
  /** Null for a role that may not see it (couldSeeWebhookSecret, D28): it never reaches their browser. */
  secret: string | null;
  /** Until when deliveries still carry a signature made with the secret before the last roll. */
  previousSecretUntil: Date | null;
}

async function settingsRow(userId: string) {
  // Created on first use. INSERT … ON CONFLICT rather than Prisma's upsert, which is a read then
  // a write: two deliveries of one account signed at once would both try to create the row.
  const pool = await getPool();
  await pool.query(
    `INSERT INTO "webhook_settings" ("user_id", "secret_nonce") VALUES ($1, $2) ON CONFLICT ("user_id") DO NOTHING`,
    [userId, newSecretNonce()],
  );
  const db = await getDb();
  return db.webhookSettings.findUniqueOrThrow({ where: { userId } });
}

/** After a roll, the previous secret still signs (beside the new one) for this long. */
const SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000;

function previousSecretUntil(
  row: { previousSecretNonce: string | null; secretRolledAt: Date | null },
  now: Date,
): Date | null {
  if (!row.previousSecretNonce || !row.secretRolledAt) return null;
  const until = new Date(row.secretRolledAt.getTime() + SECRET_OVERLAP_MS);
  return until > now ? until : null;
}

/** The settings as the Webhooks page shows them to a member of `role` (the secret to webhook managers only). */
export async function webhookSettingsFor(userId: string, role: Role, now = new Date()): Promise<WebhookSettingsView> {
  const row = await settingsRow(userId);
  return {
    url: row.url,
    secret: couldSeeWebhookSecret(role) ? await deriveWebhookSecret(userId, row.secretNonce) : null,
    previousSecretUntil: previousSecretUntil(row, now),
  };
}

/** The settings with the secret, for the code that signs and the tests that verify. */
export async function webhookSettings(
  userId: string,
  now = new Date(),
): Promise<WebhookSettingsView & { secret: string }> {
  const row = await settingsRow(userId);
  return {
    url: row.url,
    secret: await deriveWebhookSecret(userId, row.secretNonce),
    previousSecretUntil: previousSecretUntil(row, now),
  };
}

/** The secrets a delivery is signed with now: the current one, and the previous one within a day of a roll. */
export async function signingSecrets(userId: string, now = new Date()): Promise<string[]> {
  const row = await settingsRow(userId);
  const secrets = [await deriveWebhookSecret(userId, row.secretNonce)];
  if (previousSecretUntil(row, now)) secrets.push(await deriveWebhookSecret(userId, row.previousSecretNonce!));
  return secrets;
}

/** A pool or one client of it, e.g. inside the caller's transaction. */
export type Queryable = Pick<pg.Pool | pg.PoolClient, "query">;

/** The URL a job of this account without its own webhookUrl is reported to, if any (read through `client` when given). */
export async function defaultWebhookUrl(userId: string, client?: Queryable): Promise<string | null> {
  const { rows } = await (client ?? (await getPool())).query<{ url: string | null }>(
    `SELECT "url" FROM "webhook_settings" WHERE "user_id" = $1`,
    [userId],
  );
  return rows[0]?.url ?? null;
}

/** Saves (or with null/"" clears) the default URL; throws ApiError when the URL is refused (D9). */
export async function setDefaultWebhookUrl(userId: string, raw: string | null): Promise<string | null> {
  const url = raw && raw.trim() !== "" ? (await assertWebhookUrl(raw.trim(), "url")).href : null;
  await settingsRow(userId);
  const db = await getDb();
  await db.webhookSettings.update({ where: { userId }, data: { url } });
  return url;
}

/**
 * A new signing secret. Deliveries from now on are signed with it and, for SECRET_OVERLAP_MS, with
 * the one it replaces too (two signatures in webhook-signature), so a receiver keeps verifying
 * while it is updated. One statement, so two rolls at once cannot lose a secret in between.
 */
export async function rollWebhookSecret(userId: string): Promise<string> {
  await settingsRow(userId);
  const pool = await getPool();
  const { rows } = await pool.query<{ secret_nonce: string }>(
    `UPDATE "webhook_settings" SET "previous_secret_nonce" = "secret_nonce", "secret_nonce" = $2, "secret_rolled_at" = now(), "updated_at" = now()
     WHERE "user_id" = $1 RETURNING "secret_nonce"`,
    [userId, newSecretNonce()],
  );
  return deriveWebhookSecret(userId, rows[0].secret_nonce);
}
