/**
 * Secrets the server must be able to read back (a storage bucket's secret key, D20; a monitor's
 * headers and cookies, D27), stored sealed with AES-256-GCM under a key derived with HKDF-SHA256
 * from the server's URL-signing secret (D15: equal on every instance, persisted under DATA_DIR on
 * a single machine). Each use has its own HKDF `purpose`, and the owning account's id is the
 * additional data, so a ciphertext copied to another account's row, or to another use, does not
 * open. A database dump alone reveals no secret.
 *
 *   v1.<iv base64url>.<tag base64url>.<ciphertext base64url>
 */
import "server-only";
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { env } from "@/lib/env";
import { persistedSecret } from "./persisted";

const VERSION = "v1";

async function sealingKey(purpose: string): Promise<Buffer> {
  const server = await persistedSecret(env().URL_SIGNING_SECRET, "url-signing-secret");
  return Buffer.from(hkdfSync("sha256", server, Buffer.alloc(0), purpose, 32));
}

/**
 * A key of its own for `purpose`, derived the same way: for a MAC the server makes and checks
 * itself (a crawl's short-lived download link, D32), equal on every instance.
 */
export function serverKey(purpose: string): Promise<Buffer> {
  return sealingKey(purpose);
}

export async function seal(plain: string, purpose: string, userId: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", await sealingKey(purpose), iv);
  cipher.setAAD(Buffer.from(userId, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [
    VERSION,
    iv.toString("base64url"),
    cipher.getAuthTag().toString("base64url"),
    ciphertext.toString("base64url"),
  ].join(".");
}

/** Throws when the text was not sealed for this purpose and account under this server's key. */
export async function unseal(stored: string, purpose: string, userId: string): Promise<string> {
  const [version, iv, tag, ciphertext] = stored.split(".");
  if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new Error("sealed secret: unknown format");
  const decipher = createDecipheriv("aes-256-gcm", await sealingKey(purpose), Buffer.from(iv, "base64url"));
  decipher.setAAD(Buffer.from(userId, "utf8"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
}
