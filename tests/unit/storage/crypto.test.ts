/**
 * The storage secret's encryption (D20): AES-256-GCM under a key derived from URL_SIGNING_SECRET,
 * bound to the account. A fresh IV each time; a changed byte, another account or another server
 * secret does not decrypt.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { reloadEnv } from "@/lib/env";
import { decryptSecret, encryptSecret } from "@/lib/storage/crypto";

const saved = process.env.URL_SIGNING_SECRET;
beforeEach(() => {
  process.env.URL_SIGNING_SECRET = "unit-test-url-signing-secret-0123456789abcdef";
  reloadEnv();
});
afterEach(() => {
  if (saved === undefined) delete process.env.URL_SIGNING_SECRET;
  else process.env.URL_SIGNING_SECRET = saved;
  reloadEnv();
});

const SECRET = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY";

describe("storage secret encryption", () => {
  it("round-trips, never holds the secret in clear, and uses a fresh IV each time", async () => {
    const a = await encryptSecret(SECRET, "user_a");
    const b = await encryptSecret(SECRET, "user_a");
    expect(a).toMatch(/^v1\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
    expect(a).not.toContain(SECRET);
    expect(a).not.toBe(b);
    expect(await decryptSecret(a, "user_a")).toBe(SECRET);
    expect(await decryptSecret(b, "user_a")).toBe(SECRET);
  });

  it("refuses a changed ciphertext, another account and another server secret", async () => {
    const sealed = await encryptSecret(SECRET, "user_a");
    const [v, iv, tag, body] = sealed.split(".");
    const flipped = Buffer.from(body, "base64url");
    flipped[0] ^= 1;
    await expect(decryptSecret([v, iv, tag, flipped.toString("base64url")].join("."), "user_a")).rejects.toThrow();
    await expect(decryptSecret(sealed, "user_b")).rejects.toThrow();
    await expect(decryptSecret("v0.x.y.z", "user_a")).rejects.toThrow(/unknown format/);
    process.env.URL_SIGNING_SECRET = "another-url-signing-secret-0123456789abcdef";
    reloadEnv();
    await expect(decryptSecret(sealed, "user_a")).rejects.toThrow();
  });
});
