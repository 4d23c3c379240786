/**
 * The storage secret's encryption (D20). A customer's secret access key must be usable by the
 * server (it signs the uploads), so unlike a webhook secret it cannot be derived: it is stored
 * sealed (lib/secrets/sealed.ts: AES-256-GCM under an HKDF key of the server's URL-signing secret,
 * the account's id as additional data), so a ciphertext copied to another account's row does not
 * decrypt and a database dump alone reveals no secret.
 */
import "server-only";
import { seal, unseal } from "@/lib/secrets/sealed";

const HKDF_INFO = "glance-storage-secret-v1";

export function encryptSecret(plain: string, userId: string): Promise<string> {
  return seal(plain, HKDF_INFO, userId);
}

/** Throws when the text was not encrypted for this account under this server's key. */
export function decryptSecret(stored: string, userId: string): Promise<string> {
  return unseal(stored, HKDF_INFO, userId);
}
