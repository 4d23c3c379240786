/**
 * Server secrets that must survive restarts and be equal on every instance: the cache-key secret
 * (D6) and the URL-signing secret (D15). Each comes from its environment variable, or — on a
 * single machine — from a random secret generated once and kept at `${DATA_DIR}/<file>` (mode 0600).
 * Several instances need the variable set to the same value on each.
 */
import "server-only";
import { randomBytes } from "node:crypto";
import { link, mkdir, readFile, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { env } from "@/lib/env";

const loaded = new Map<string, Promise<string>>();

/** `configured` when set, else the secret persisted under DATA_DIR as `file`. */
export function persistedSecret(configured: string | undefined, file: string): Promise<string> {
  if (configured) return Promise.resolve(configured);
  const full = path.join(env().DATA_DIR, file);
  let secret = loaded.get(full);
  if (!secret) {
    secret = loadOrCreateSecret(full);
    loaded.set(full, secret);
    secret.catch(() => loaded.delete(full)); // retry on the next call, e.g. after a disk error
  }
  return secret;
}

const MIN_SECRET_LENGTH = 32;

async function loadOrCreateSecret(file: string): Promise<string> {
  const existing = await readSecret(file);
  if (existing !== null) return existing;
  await mkdir(path.dirname(file), { recursive: true });
  // Write a temp file, then link() it into place: link fails if the name exists, so two processes
  // starting together agree on one secret, and nobody ever reads a half-written file.
  const temp = `${file}.${randomBytes(6).toString("hex")}.tmp`;
  await writeFile(temp, randomBytes(32).toString("hex") + "\n", { mode: 0o600 });
  try {
    await link(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    await unlink(temp).catch(() => {});
  }
  const created = await readSecret(file);
  if (created === null) throw new Error(`secret at ${file} could not be created`);
  return created;
}

async function readSecret(file: string): Promise<string | null> {
  let text: string;
  try {
    text = (await readFile(file, "utf8")).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  // Regenerating silently would orphan everything derived from it; a damaged file needs an operator.
  if (text.length < MIN_SECRET_LENGTH)
    throw new Error(`secret at ${file} is too short; delete it to generate a new one`);
  return text;
}
