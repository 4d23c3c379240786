/**
 * An account's storage settings (D20): its S3-compatible bucket for results of jobs asked with
 * `store=true`. The secret access key is written only encrypted (crypto.ts) and leaves this module
 * only as a StorageTarget for an upload; what the dashboard gets is the masked view.
 */
import "server-only";
import { randomBytes } from "node:crypto";
import { getDb } from "@/lib/db";
import { validateStorageInput, type StorageInput, type StorageLocation } from "./config";
import { decryptSecret, encryptSecret } from "./crypto";
import { probeBucket, type StorageTarget } from "./s3";

/** What the dashboard shows: everything but the secret, of which only the last 4 characters. */
export interface StorageSettingsView extends StorageLocation {
  secretHint: string;
}

const SECRET_HINT_LENGTH = 4;

function maskSecret(secret: string): string {
  return `••••••••${secret.length > 2 * SECRET_HINT_LENGTH ? secret.slice(-SECRET_HINT_LENGTH) : ""}`;
}

async function row(userId: string) {
  const db = await getDb();
  return db.storageSettings.findUnique({ where: { userId } });
}

/** The bucket with its secret decrypted, for an upload or a connection check; null when none is configured. */
export async function storageTarget(userId: string): Promise<StorageTarget | null> {
  const found = await row(userId);
  if (!found) return null;
  const { endpoint, region, bucket, prefix, accessKeyId } = found;
  return {
    endpoint,
    region,
    bucket,
    prefix,
    accessKeyId,
    secretAccessKey: await decryptSecret(found.secretCiphertext, userId),
  };
}

export async function storageSettingsView(userId: string): Promise<StorageSettingsView | null> {
  const target = await storageTarget(userId);
  if (!target) return null;
  const { secretAccessKey, ...shown } = target;
  return { ...shown, secretHint: maskSecret(secretAccessKey) };
}

export async function hasStorage(userId: string): Promise<boolean> {
  return (await row(userId)) !== null;
}

/** Saves the settings (an empty secret keeps the stored one); throws ApiError naming the field at fault. */
export async function saveStorageSettings(userId: string, input: StorageInput): Promise<StorageSettingsView> {
  const existing = await row(userId);
  const valid = await validateStorageInput(input, existing !== null);
  const secretCiphertext =
    valid.secretAccessKey === "" && existing
      ? existing.secretCiphertext
      : await encryptSecret(valid.secretAccessKey, userId);
  const data = {
    endpoint: valid.endpoint,
    region: valid.region,
    bucket: valid.bucket,
    prefix: valid.prefix,
    accessKeyId: valid.accessKeyId,
    secretCiphertext,
  };
  const db = await getDb();
  await db.storageSettings.upsert({ where: { userId }, create: { userId, ...data }, update: data });
  return (await storageSettingsView(userId))!;
}

export async function deleteStorageSettings(userId: string): Promise<void> {
  const db = await getDb();
  await db.storageSettings.deleteMany({ where: { userId } });
}

/** Writes and deletes a probe object with the saved settings; throws what the storage answered. */
export async function checkStorageConnection(userId: string): Promise<{ bucket: string; probeKey: string } | null> {
  const target = await storageTarget(userId);
  if (!target) return null;
  const probeKey = `${target.prefix}.glance-check-${randomBytes(6).toString("hex")}`;
  await probeBucket(target, probeKey);
  return { bucket: target.bucket, probeKey };
}
