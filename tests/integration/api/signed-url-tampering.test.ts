/**
 * Signed URLs (issue 14, D15): every tampering refused with its code, and refused signatures
 * counted in the client address's failed-authentication window (D4).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { BASE, expectProblem, now, signedOgHarness } from "./support/signed-og";

const h = signedOgHarness();
const { signed, call, signatureFor } = h;

describe("tampering (each refused with its code)", () => {
  const params = { template: "default", title: "Tamper proof", description: "a b+c" };
  let url: URL;
  beforeAll(async () => {
    url = new URL(signed(params, h.owner, { expires: now() + 3600 }));
    expect((await call(url.href)).status).toBe(200);
  });
  const withQuery = (query: string) => `${BASE}/v1/og?${query}`;
  const edit = (change: (q: URLSearchParams) => void) => {
    const q = new URLSearchParams(url.search);
    change(q);
    return withQuery(q.toString());
  };

  it("a changed value: 403 invalid_signature", async () => {
    await expectProblem(
      await call(edit((q) => q.set("title", "Tamper proof!"))),
      403,
      "invalid_signature",
      "signature",
    );
  });

  it("an added parameter: 403 invalid_signature", async () => {
    await expectProblem(await call(edit((q) => q.set("format", "jpg"))), 403, "invalid_signature");
  });

  it("a removed parameter: 403 invalid_signature", async () => {
    await expectProblem(await call(edit((q) => q.delete("description"))), 403, "invalid_signature");
  });

  it("a removed expires (to make the URL eternal): 403 invalid_signature", async () => {
    await expectProblem(await call(edit((q) => q.delete("expires"))), 403, "invalid_signature");
  });

  it("a reordered or equivalently re-encoded query is the same parameters: accepted (canonical form)", async () => {
    const pairs = [...new URLSearchParams(url.search)].reverse();
    const reordered = pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&");
    expect((await call(withQuery(reordered))).status).toBe(200);
    // + instead of %20 (both a space), and an unreserved letter percent-encoded: the same decoded values.
    const reencoded = url.search.slice(1).replace("a%20b", "a+b").replace("template=default", "template=%64efault");
    expect(reencoded).not.toBe(url.search.slice(1));
    expect((await call(withQuery(reencoded))).status).toBe(200);
  });

  it("a re-encoding that changes a value (%2B is a plus, + is a space): 403 invalid_signature", async () => {
    const query = url.search.slice(1);
    expect(query).toContain("a%20b%2Bc");
    await expectProblem(await call(withQuery(query.replace("a%20b%2Bc", "a%20b+c"))), 403, "invalid_signature");
    await expectProblem(await call(withQuery(query.replace("a%20b%2Bc", "a%2Bb%2Bc"))), 403, "invalid_signature");
  });

  it("a duplicated parameter: 400 invalid_parameter, before any signature check (D2)", async () => {
    await expectProblem(await call(`${url.href}&title=Other`), 400, "invalid_parameter", "title");
    await expectProblem(await call(`${url.href}&title=Tamper%20proof`), 400, "invalid_parameter", "title");
    await expectProblem(await call(`${url.href}&signature=${"0".repeat(64)}`), 400, "invalid_parameter", "signature");
  });

  it("the same query on the other endpoint: 403 invalid_signature (the path is signed)", async () => {
    const q = new URLSearchParams({ url: "https://example.com", key_id: h.owner.publicId });
    q.set("signature", signatureFor(h.owner.signingSecret, "/v1/og", q));
    await expectProblem(await call(`${BASE}/v1/screenshot?${q}`, {}, h.screenshot), 403, "invalid_signature");
  });

  it("the key id of another account: 403 invalid_signature", async () => {
    // Signed with the stranger's secret but naming the owner's key, and the other way round.
    const forged = new URLSearchParams({ template: "default", title: "Mine now", key_id: h.owner.publicId });
    forged.set("signature", signatureFor(h.stranger.signingSecret, "/v1/og", forged));
    await expectProblem(await call(withQuery(forged.toString())), 403, "invalid_signature");
    const swapped = edit((q) => q.set("key_id", h.stranger.publicId));
    await expectProblem(await call(swapped), 403, "invalid_signature");
  });

  it("an unknown key id: 401 with the spec's text", async () => {
    const body = await expectProblem(
      await call(edit((q) => q.set("key_id", "pk_live_" + "x".repeat(24)))),
      401,
      "invalid_api_key",
    );
    expect(body.detail).toBe("Invalid or revoked API key.");
  });

  it("expired: 403 signature_expired; an expired URL with a bad signature is just invalid", async () => {
    const expired = signed(params, h.owner, { expires: now() - 5 });
    await expectProblem(await call(expired), 403, "signature_expired", "expires");
    await expectProblem(await call(expired.replace("Tamper", "Tamp3r")), 403, "invalid_signature");
  });

  it("expires beyond the documented maximum (366 days): 400 parameter_out_of_range", async () => {
    const { MAX_EXPIRY_SECONDS } = await import("@/lib/signing/names");
    expect((await call(signed(params, h.owner, { expires: now() + MAX_EXPIRY_SECONDS - 60 }))).status).toBe(200);
    await expectProblem(
      await call(signed(params, h.owner, { expires: now() + MAX_EXPIRY_SECONDS + 60 })),
      400,
      "parameter_out_of_range",
      "expires",
    );
  });

  it("a missing part: 400 missing_parameter; a malformed part: 400 invalid_parameter", async () => {
    await expectProblem(await call(edit((q) => q.delete("signature"))), 400, "missing_parameter", "signature");
    await expectProblem(await call(edit((q) => q.delete("key_id"))), 400, "missing_parameter", "key_id");
    await expectProblem(await call(edit((q) => q.set("signature", "zz"))), 400, "invalid_parameter", "signature");
    await expectProblem(await call(edit((q) => q.set("key_id", h.owner.apiKey))), 400, "invalid_parameter", "key_id");
    await expectProblem(await call(edit((q) => q.set("expires", "tomorrow"))), 400, "invalid_parameter", "expires");
  });

  it("an API key next to a signature: 400 (a signed URL carries no key)", async () => {
    await expectProblem(await call(`${url.href}&api_key=${h.owner.apiKey}`), 400, "invalid_parameter", "api_key");
    await expectProblem(await call(url.href, { headers: { "X-API-Key": h.owner.apiKey } }), 400, "invalid_parameter");
  });
});

describe("refused signatures and the client address's window (D4, D15)", () => {
  it("an invalid or expired signature counts against the failed-authentication window of its address; past it, 429", async () => {
    const { awayFromWindowEdge } = await import("@/tests/support/rate-window");
    const { ANONYMOUS_LIMITS } = await import("@/lib/plans");
    const { checkAnonymousLimit } = await import("@/lib/api/rate-limit");
    const limit = ANONYMOUS_LIMITS.failedAuth;
    const from = (address: string, url: string) => call(url, { headers: { "X-Forwarded-For": address } });
    const good = new URL(signed({ template: "default", title: "Window" }));
    const forged = `${good.origin}${good.pathname}${good.search.replace(/signature=[0-9a-f]+/, `signature=${"ab".repeat(32)}`)}`;
    await awayFromWindowEdge();

    const first = await from("127.0.0.61", forged);
    expect([first.status, first.headers.get("ratelimit-limit"), first.headers.get("ratelimit-remaining")]).toEqual([
      403,
      String(limit),
      String(limit - 1),
    ]);
    const expired = await from(
      "127.0.0.61",
      signed({ template: "default", title: "Window" }, h.owner, { expires: now() - 5 }),
    );
    expect([expired.status, expired.headers.get("ratelimit-remaining")]).toEqual([403, String(limit - 2)]);
    // A malformed one (400, no key looked up) is not counted.
    const malformed = await from("127.0.0.61", forged.replace(/signature=[0-9a-f]+/, "signature=zz"));
    expect([malformed.status, malformed.headers.get("ratelimit-remaining")]).toEqual([400, String(limit - 2)]);

    const sameAddress = new Request(`${BASE}/v1/og`, { headers: { "X-Forwarded-For": "127.0.0.61" } });
    for (let i = 2; i < limit; i++) await checkAnonymousLimit(sameAddress, "failedAuth");
    await expectProblem(await from("127.0.0.61", forged), 429, "rate_limited");
    // A valid signed URL from that address is the account's request, counted in the account's window (not exhausted).
    const ok = await from("127.0.0.61", good.href);
    expect(ok.status).toBe(200);
    expect(Number(ok.headers.get("ratelimit-remaining"))).toBeGreaterThan(0);
  });
});
