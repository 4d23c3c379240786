import { describe, expect, it } from "vitest";
import { displayApiKey, generateApiKey, hashApiKey, isWellFormedApiKey } from "@/lib/keys/format";
import { redact } from "@/lib/log";
import { PLANS, PLAN_IDS, cacheTtlSeconds, planAtLeast } from "@/lib/plans";

describe("API key material", () => {
  it("is sk_live_ plus 32 alphanumerics, all different", () => {
    const keys = new Set(Array.from({ length: 500 }, generateApiKey));
    expect(keys.size).toBe(500);
    for (const k of keys) expect(k).toMatch(/^sk_live_[A-Za-z0-9]{32}$/);
    // Every alphabet class shows up: the generator is not, say, hex only.
    const all = [...keys].join("");
    expect(all).toMatch(/[A-Z]/);
    expect(all).toMatch(/[a-z]/);
    expect(all).toMatch(/[0-9]/);
  });

  it("checks the format strictly", () => {
    expect(isWellFormedApiKey("sk_live_" + "a".repeat(32))).toBe(true);
    expect(isWellFormedApiKey("sk_live_" + "a".repeat(31))).toBe(false);
    expect(isWellFormedApiKey("sk_live_" + "a".repeat(33))).toBe(false);
    expect(isWellFormedApiKey("sk_test_" + "a".repeat(32))).toBe(false);
    expect(isWellFormedApiKey("sk_live_" + "a".repeat(31) + "-")).toBe(false);
  });

  it("hashes with SHA-256 and displays first and last four", () => {
    const key = "sk_live_abcdEFGH0123456789ijklmnopqrstwxyz".slice(0, 40);
    expect(hashApiKey(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(displayApiKey(key)).toBe(`sk_live_abcd…${key.slice(-4)}`);
  });
});

describe("log redaction", () => {
  it("removes keys from fields, URLs and free text", () => {
    const key = generateApiKey();
    const out = JSON.stringify(
      redact({
        apiKey: key,
        "x-api-key": key,
        path: `/v1/screenshot?url=https://e.com&api_key=${key}&width=5`,
        note: `customer pasted ${key} in a ticket`,
        nested: { headers: { authorization: "Bearer x" } },
      }),
    );
    expect(out).not.toContain(key.slice(8));
    expect(out).toContain("api_key=[redacted]&width=5");
  });

  it("removes signatures and signing secrets but keeps the rest of a signed URL (D15)", () => {
    const signature = "ab".repeat(32);
    const secret = "ss_live_" + "Zx_-9".repeat(8);
    const out = JSON.stringify(
      redact({
        url: `/v1/og?template=default&key_id=pk_live_${"a".repeat(24)}&signature=${signature}&title=Hi`,
        signature,
        signingSecret: secret,
        note: `pasted ${secret} here`,
      }),
    );
    expect(out).not.toContain(signature);
    expect(out).not.toContain(secret.slice(8));
    expect(out).toContain(`key_id=pk_live_${"a".repeat(24)}&signature=[redacted]&title=Hi`);
  });
});

describe("plans (D4)", () => {
  it("is ordered and carries the decided numbers", () => {
    expect(PLAN_IDS).toEqual(["free", "starter", "pro", "business"]);
    expect(PLAN_IDS.map((p) => PLANS[p].priceUsdPerMonth)).toEqual([0, 19, 59, 199]);
    expect(PLAN_IDS.map((p) => PLANS[p].maxApiKeys)).toEqual([2, 5, 20, 100]);
    expect(PLAN_IDS.map((p) => PLANS[p].requestsPerMinute)).toEqual([10, 60, 300, 1200]);
    expect(PLAN_IDS.map((p) => PLANS[p].rendersPerMonth)).toEqual([100, 2000, 10000, 50000]);
    expect(PLAN_IDS.map((p) => cacheTtlSeconds(p) / 86400)).toEqual([7, 14, 30, 60]);
    expect(planAtLeast("pro", "starter")).toBe(true);
    expect(planAtLeast("starter", "pro")).toBe(false);
  });
});
