/**
 * API key material (D5): `sk_live_` + 32 characters of [A-Za-z0-9] from a CSPRNG. Only the SHA-256
 * of a key is ever stored; the display form shows the first and last four random characters.
 */
import { createHash, randomInt } from "node:crypto";

export const KEY_PREFIX = "sk_live_";
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const RANDOM_LENGTH = 32;
const KEY_PATTERN = /^sk_live_[A-Za-z0-9]{32}$/;

export function generateApiKey(): string {
  let out = KEY_PREFIX;
  // randomInt draws uniformly (no modulo bias) from the OS CSPRNG.
  for (let i = 0; i < RANDOM_LENGTH; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
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
