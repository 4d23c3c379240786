/**
 * The secret Auth.js signs and hashes with (CSRF tokens, e-mail verification tokens). Production
 * must set AUTH_SECRET; only the embedded default on a localhost APP_URL may fall back to a secret
 * generated once and kept in DATA_DIR, so `npm start` on a fresh clone just works while a public
 * deployment can never run on a secret nobody chose.
 */
import "server-only";
import { randomBytes } from "node:crypto";
import { mkdir, open, readFile } from "node:fs/promises";
import path from "node:path";
import { env } from "@/lib/env";
import { BrandedError } from "@/lib/vocabulary/branded-error";

export class MissingAuthSecretError extends BrandedError {
  static readonly brand: string = "glance.MissingAuthSecretError";
  constructor() {
    super("AUTH_SECRET must be set when APP_URL is not a localhost URL (generate one with `openssl rand -base64 32`).");
    this.name = "MissingAuthSecretError";
  }
}

const MIN_LENGTH = 32;

export function authSecretFile(): string {
  return path.join(env().DATA_DIR, "auth-secret");
}

export async function authSecret(): Promise<string> {
  const e = env();
  if (e.AUTH_SECRET) return e.AUTH_SECRET;
  if (!e.appIsLocal) throw new MissingAuthSecretError();
  return readOrCreateLocalSecret(authSecretFile());
}

async function readOrCreateLocalSecret(file: string): Promise<string> {
  const existing = (await readFile(file, "utf8").catch(() => "")).trim();
  if (existing.length >= MIN_LENGTH) return existing;
  await mkdir(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  try {
    // "wx": exactly one process creates the file; 0600: only the server's user can read it.
    const handle = await open(file, "wx", 0o600);
    await handle.writeFile(secret + "\n");
    await handle.close();
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    // Another process won the race (or left a short file): use what is there if it is usable.
    const theirs = (await readFile(file, "utf8")).trim();
    if (theirs.length >= MIN_LENGTH) return theirs;
    throw new Error(`${file} exists but holds no usable secret; delete it to have a new one generated`);
  }
}
