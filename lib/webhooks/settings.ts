/**
 * An account's webhook settings (D20): the default URL jobs without their own webhookUrl are
 * reported to, and the signing secret (derived from a stored nonce, secret.ts).
 */
import "server-only";
import { getDb } from "@/lib/db";
import { deriveWebhookSecret, newSecretNonce } from "./secret";
import { assertWebhookUrl } from "./url";

export interface WebhookSettingsView {
  url: string | null;
  secret: string;
}

async function settingsRow(userId: string) {
  const db = await getDb();
  // Created on first use; the no-op update keeps an existing nonce (and so the secret).
  return db.webhookSettings.upsert({ where: { userId }, create: { userId, secretNonce: newSecretNonce() }, update: {} });
}

export async function webhookSettings(userId: string): Promise<WebhookSettingsView> {
  const row = await settingsRow(userId);
  return { url: row.url, secret: await deriveWebhookSecret(userId, row.secretNonce) };
}

/** The URL a job of this account without its own webhookUrl is reported to, if any. */
export async function defaultWebhookUrl(userId: string): Promise<string | null> {
  const db = await getDb();
  return (await db.webhookSettings.findUnique({ where: { userId }, select: { url: true } }))?.url ?? null;
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
