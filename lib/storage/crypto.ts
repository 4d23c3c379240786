/**
 * The storage secret's encryption (D20). A customer's secret access key must be usable by the
 * server (it signs the uploads), so unlike a webhook secret it cannot be derived: it is stored
 * encrypted with AES-256-GCM under a key derived with HKDF-SHA256 from the server's URL-signing
 * secret (D15: already required to be equal on every instance, persisted under DATA_DIR on a
 * single machine), with the account's id as additional data, so a ciphertext copied to another
 * account's row does not decrypt. A database dump alone reveals no secret.
 *
 *   v1.<iv base64url>.<tag base64url>.<ciphertext base64url>
 */
import "server-only";
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { env } from "@/lib/env";
import { persistedSecret } from "@/lib/secrets/persisted";

const VERSION = "v1";
const HKDF_INFO = "glance-storage-secret-v1";

async function encryptionKey(): Promise<Buffer> {
  const server = await persistedSecret(env().URL_SIGNING_SECRET, "url-signing-secret");
  return Buffer.from(hkdfSync("sha256", server, Buffer.alloc(0), HKDF_INFO, 32));
}

export async function encryptSecret(plain: string, userId: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", await encryptionKey(), iv);
  cipher.setAAD(Buffer.from(userId, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [
    VERSION,
    iv.toString("base64url"),
    cipher.getAuthTag().toString("base64url"),
    ciphertext.toString("base64url"),
  ].join(".");
}

/** Throws when the text was not encrypted for this account under this server's key. */
export async function decryptSecret(stored: string, userId: string): Promise<string> {
  const [version, iv, tag, ciphertext] = stored.split(".");
  if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new Error("storage secret: unknown format");
  const decipher = createDecipheriv("aes-256-gcm", await encryptionKey(), Buffer.from(iv, "base64url"));
  decipher.setAAD(Buffer.from(userId, "utf8"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
}
