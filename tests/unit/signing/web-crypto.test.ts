/**
 * The browser signer (docs playground, lib/signing/web-crypto.ts) must produce exactly what the
 * server verifies (lib/signing/canonical.ts, node:crypto): same canonical query, same signature,
 * for values whose encoding or byte order is easy to get wrong.
 */
import { describe, expect, it } from "vitest";
import { signatureFor } from "@/lib/signing/canonical";
import { signUrlWithWebCrypto } from "@/lib/signing/web-crypto";

const SECRET = "ss_live_unit-test-secret_é";
const KEY_ID = "pk_live_abcdefghijklmnopqrstuvwx";

describe("signUrlWithWebCrypto", () => {
  it("signs what the server verifies, in canonical order, for awkward values", async () => {
    // "é" (0xC3 0xA9) sorts after "z" by UTF-8 bytes; "\u{1F600}" (a surrogate pair in UTF-16) after "\uFF5E".
    const query = new URLSearchParams([
      ["title", "Hello world & more *!'()~"],
      ["é", "1"],
      ["z", "2"],
      ["emoji", "\u{1F600}"],
      ["emoji2", "\uFF5E"],
      ["template", "basic"],
    ]);
    const url = await signUrlWithWebCrypto("http://127.0.0.1:3000", "/v1/og", query, {
      keyId: KEY_ID,
      signingSecret: SECRET,
      expires: 1_900_000_000,
    });
    const parsed = new URL(url);
    expect(parsed.origin + parsed.pathname).toBe("http://127.0.0.1:3000/v1/og");
    expect(parsed.search).toBe(
      "?emoji=%F0%9F%98%80&emoji2=%EF%BD%9E&expires=1900000000&key_id=" +
        KEY_ID +
        "&template=basic&title=Hello%20world%20%26%20more%20%2A%21%27%28%29~&z=2&%C3%A9=1&signature=" +
        parsed.searchParams.get("signature"),
    );
    expect(parsed.searchParams.get("signature")).toBe(signatureFor(SECRET, "/v1/og", parsed.searchParams));
  });

  it("replaces key_id, expires and signature already in the query, and omits expires when not given", async () => {
    const query = new URLSearchParams({ template: "basic", key_id: "pk_live_other", expires: "1", signature: "00" });
    const url = new URL(
      await signUrlWithWebCrypto("", "/v1/screenshot", query, { keyId: KEY_ID, signingSecret: SECRET }).then(
        (u) => `http://x${u}`,
      ),
    );
    expect([...url.searchParams.keys()]).toEqual(["key_id", "template", "signature"]);
    expect(url.searchParams.get("key_id")).toBe(KEY_ID);
    expect(url.searchParams.get("signature")).toBe(signatureFor(SECRET, "/v1/screenshot", url.searchParams));
    expect(url.searchParams.get("signature")).not.toBe(signatureFor(SECRET, "/v1/og", url.searchParams));
  });
});
