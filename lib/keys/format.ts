/**
 * API key material (D5): `sk_live_` + 32 characters of [A-Za-z0-9] from a CSPRNG. Only the SHA-256
 * of a key is ever stored; the display form shows the first and last four random characters.
 * Signed URLs (D15) add a public id (`pk_live_…`) and the nonce a signing secret is derived from.
 */
import { createHash, randomInt } from "node:crypto";

const KEY_PREFIX = "sk_live_";
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const RANDOM_LENGTH = 32;
const KEY_PATTERN = /^sk_live_[A-Za-z0-9]{32}$/;

function randomText(length: number): string {
  let out = "";
  // randomInt draws uniformly (no modulo bias) from the OS CSPRNG.
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

export function generateApiKey(): string {
  return KEY_PREFIX + randomText(RANDOM_LENGTH);
}

/** A key's public id for signed URLs (D15): not a credential, safe in public HTML. */
const PUBLIC_ID_PREFIX = "pk_live_";

export function generatePublicId(): string {
  return PUBLIC_ID_PREFIX + randomText(24);
}

/** The stored input of a key's signing secret (D15): useless without the server's signing secret. */
export function generateSigningNonce(): string {
  return randomText(32);
}

export function isWellFormedApiKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

export function displayApiKey(key: string): string {
  const random = key.slice(KEY_PREFIX.length);
  return `${KEY_PREFIX}${random.slice(0, 4)}…${random.slice(-4)}`;
}
