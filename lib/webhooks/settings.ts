/**
 * An account's webhook settings (D20): the default URL jobs without their own webhookUrl are
 * reported to, and the signing secret (derived from a stored nonce, secret.ts).
 */
import "server-only";
import type pg from "pg";
import { getDb, getPool } from "@/lib/db";
import { deriveWebhookSecret, newSecretNonce } from "./secret";
import { assertWebhookUrl } from "./url";

export interface WebhookSettingsView {
  url: string | null;
  secret: string;
}

async function settingsRow(userId: string) {
  // Created on first use. INSERT … ON CONFLICT rather than Prisma's upsert, which is a read then
  // a write: two deliveries of one account signed at once would both try to create the row.
  const pool = await getPool();
  await pool.query(`INSERT INTO "webhook_settings" ("user_id", "secret_nonce") VALUES ($1, $2) ON CONFLICT ("user_id") DO NOTHING`, [userId, newSecretNonce()]);
  const db = await getDb();
  return db.webhookSettings.findUniqueOrThrow({ where: { userId } });
}

export async function webhookSettings(userId: string): Promise<WebhookSettingsView> {
  const row = await settingsRow(userId);
  return { url: row.url, secret: await deriveWebhookSecret(userId, row.secretNonce) };
}

/** A pool or one client of it, e.g. inside the caller's transaction. */
export type Queryable = Pick<pg.Pool | pg.PoolClient, "query">;

/** The URL a job of this account without its own webhookUrl is reported to, if any (read through `client` when given). */
export async function defaultWebhookUrl(userId: string, client?: Queryable): Promise<string | null> {
  const { rows } = await (client ?? (await getPool())).query<{ url: string | null }>(`SELECT "url" FROM "webhook_settings" WHERE "user_id" = $1`, [userId]);
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

/** A new signing secret: deliveries from now on are signed with it, the old one stops verifying. */
export async function rollWebhookSecret(userId: string): Promise<string> {
  await settingsRow(userId);
  const db = await getDb();
  const row = await db.webhookSettings.update({ where: { userId }, data: { secretNonce: newSecretNonce() } });
  return deriveWebhookSecret(userId, row.secretNonce);
}
