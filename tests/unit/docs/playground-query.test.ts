/**
 * Which schema fields the playground shows and sends (components/docs/playground/query.ts): the
 * caller's credential and the signed-URL parameters never; secret request options the customer
 * types (headers, cookies) like any other field.
 */
import { describe, expect, it } from "vitest";
import { buildQuery, initialValues, visibleFields } from "@/components/docs/playground/query";
import { describeParams } from "@/lib/api/params";
import { screenshotParams } from "@/lib/screenshot/params";

const fields = describeParams(screenshotParams);

describe("playground fields", () => {
  it("shows headers and cookies, never api_key or the signature parameters", () => {
    const shown = visibleFields(fields, initialValues("screenshot", fields)).map((f) => f.name);
    expect(shown).toEqual(expect.arrayContaining(["url", "headers", "cookies"]));
    for (const hidden of ["api_key", "key_id", "expires", "signature"]) expect(shown).not.toContain(hidden);
  });

  it("sends the headers and cookies typed, and drops an api_key value even if one got into the form", () => {
    const values = {
      ...initialValues("screenshot", fields),
      headers: '{"X-Tenant":"acme"}',
      cookies: '{"session":"s1"}',
      api_key: "sk_live_x",
    };
    const query = new URLSearchParams(buildQuery(fields, values));
    expect(query.get("headers")).toBe('{"X-Tenant":"acme"}');
    expect(query.get("cookies")).toBe('{"session":"s1"}');
    expect(query.has("api_key")).toBe(false);
  });
});
