/**
 * Signed URLs (issue 14, D15): revocation and rolled signing secrets take effect on the next
 * request, and the database keeps nothing a dump could sign with.
 */
import { describe, expect, it } from "vitest";
import { createTestAccount } from "@/tests/support/api";
import { expectProblem, signedOgHarness } from "./support/signed-og";

const h = signedOgHarness();
const { signed, call } = h;

describe("revocation and rolled secrets", () => {
  it("revoking the key: its signed URLs answer 401 with the spec's text on the next request", async () => {
    const account = await createTestAccount({ plan: "pro" });
    const url = signed({ template: "default", title: "Soon revoked" }, account);
    expect((await call(url)).status).toBe(200);
    const { revokeApiKey } = await import("@/lib/keys/service");
    expect(await revokeApiKey(account.userId, account.apiKeyId)).toBe(true);
    const body = await expectProblem(await call(url), 401, "invalid_api_key");
    expect(body.detail).toBe("Invalid or revoked API key.");
  });

  it("rolling the signing secret: old URLs 403, URLs signed with the new secret work", async () => {
    const account = await createTestAccount({ plan: "pro" });
    const params = { template: "default", title: "Rolled" };
    const old = signed(params, account);
    expect((await call(old)).status).toBe(200);
    const { rollSigningSecret } = await import("@/lib/keys/service");
    const fresh = await rollSigningSecret(account.userId, account.apiKeyId);
    expect(fresh).toMatch(/^ss_live_[A-Za-z0-9_-]{43}$/);
    expect(fresh).not.toBe(account.signingSecret);
    await expectProblem(await call(old), 403, "invalid_signature");
    expect((await call(signed(params, { ...account, signingSecret: fresh! }))).status).toBe(200);
    // Someone else cannot roll it.
    expect(await rollSigningSecret(h.stranger.userId, account.apiKeyId)).toBeNull();
  });

  it("a key made before signed URLs (no signing secret) is refused with a hint, until one is rolled", async () => {
    const account = await createTestAccount({ plan: "pro" });
    const { getPool } = await import("@/lib/db/pool");
    await (await getPool()).query("UPDATE api_keys SET signing_nonce = NULL WHERE id = $1", [account.apiKeyId]);
    const body = await expectProblem(
      await call(signed({ template: "default", title: "Legacy" }, account)),
      403,
      "invalid_signature",
    );
    expect(body.detail).toMatch(/roll one/);
  });

  it("stores nothing a database dump could sign with: no secret, only the public id and a nonce", async () => {
    const { getPool } = await import("@/lib/db/pool");
    const { rows } = await (await getPool()).query("SELECT * FROM api_keys WHERE id = $1", [h.owner.apiKeyId]);
    const dump = JSON.stringify(rows);
    expect(dump).toContain(h.owner.publicId);
    expect(dump).not.toContain(h.owner.signingSecret);
    expect(dump).not.toContain(h.owner.signingSecret.slice("ss_live_".length, 20));
    expect(dump).not.toContain(h.owner.apiKey);
    // The nonce alone, with the public id, under any server secret but the real one, signs nothing valid.
    const { createHmac } = await import("node:crypto");
    const guess =
      "ss_live_" +
      createHmac("sha256", "")
        .update(`glance-signing-v1\n${h.owner.publicId}\n${rows[0].signing_nonce}`)
        .digest("base64url");
    expect(guess).not.toBe(h.owner.signingSecret);
  });
});
