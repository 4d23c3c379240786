/**
 * Cache keys (D6): which parameters are in the key, canonical form, and the server secret.
 */
import { mkdtemp, readFile, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { parseQuery } from "@/lib/api/query";
import { reloadEnv } from "@/lib/env";
import { ogParams } from "@/lib/og/params";
import { cacheKey, cacheKeyParams, cacheSecret, canonicalJson } from "@/lib/results/key";
import { screenshotParams } from "@/lib/screenshot/params";

function configure(vars: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  reloadEnv();
}

const shot = (query: string) =>
  cacheKeyParams(
    screenshotParams,
    parseQuery(new URLSearchParams(query), screenshotParams, { extras: "reject" }).params,
  );

const keyOf = (query: string, accountId = "acct_1") =>
  cacheKey({ accountId, endpoint: "screenshot", params: shot(query) });

describe("cacheKeyParams", () => {
  it("holds headers and cookies only as a SHA-256 of their values (D19)", () => {
    const headers = encodeURIComponent(JSON.stringify({ "X-Token": "s3cret-value" }));
    const p = shot(`url=https://example.com&headers=${headers}&cookies=${encodeURIComponent('{"sid":"c00kie"}')}`);
    expect(p.headers).toMatch(/^[0-9a-f]{64}$/);
    expect(p.cookies).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(p)).not.toMatch(/s3cret-value|c00kie/);
    const other = shot(`url=https://example.com&headers=${encodeURIComponent(JSON.stringify({ "X-Token": "other" }))}`);
    expect(other.headers).not.toBe(p.headers);
    expect(shot("url=https://example.com").headers).toBeUndefined();
  });

  it("keeps output-changing parameters, sorted, and leaves out response, timeout and api_key", () => {
    const p = shot("url=https://example.com&format=jpg&response=json&timeout=5000&api_key=sk_live_x&darkMode=1");
    expect(Object.keys(p)).toEqual([...Object.keys(p)].sort());
    expect(p).toMatchObject({ url: "https://example.com/", format: "jpg", quality: 80, darkMode: true, width: 1280 });
    expect(p).not.toHaveProperty("response");
    expect(p).not.toHaveProperty("timeout");
    expect(p).not.toHaveProperty("api_key");
  });

  it("omits unset optional parameters instead of hashing undefined", () => {
    const p = shot("url=https://example.com");
    expect(p).not.toHaveProperty("clip");
    expect(p).not.toHaveProperty("device");
    expect(Object.values(p)).not.toContain(undefined);
  });

  it("drops quality for png and pdf only", () => {
    expect(shot("url=https://e.com&format=png&quality=10")).not.toHaveProperty("quality");
    expect(shot("url=https://e.com&format=pdf&quality=10")).not.toHaveProperty("quality");
    expect(shot("url=https://e.com&format=webp&quality=10")).toHaveProperty("quality", 10);
    expect(shot("url=https://e.com&format=jpg&quality=10")).toHaveProperty("quality", 10);
  });

  it("keeps PDF options only for format=pdf", () => {
    expect(shot("url=https://e.com&format=png")).not.toHaveProperty("pageSize");
    expect(shot("url=https://e.com&format=png")).not.toHaveProperty("landscape");
    const pdf = shot("url=https://e.com&format=pdf&landscape=true&margin=10,10,10,10");
    expect(pdf).toMatchObject({
      pageSize: "letter",
      landscape: true,
      margin: [10, 10, 10, 10],
      printBackground: true,
      scale: 1,
    });
  });

  it("works for the OG schema too", () => {
    const parsed = parseQuery(new URLSearchParams("template=default&format=jpeg&title=Hi"), ogParams, {
      extras: "collect",
    });
    expect(cacheKeyParams(ogParams, parsed.params)).toEqual({
      format: "jpg",
      height: 630,
      quality: 80,
      template: "default",
      width: 1200,
    });
  });
});

describe("canonicalJson", () => {
  it("sorts object keys at every depth and drops undefined members", () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: undefined } })).toBe(
      '{"a":{"d":[1,{"y":2,"z":1}]},"b":1}',
    );
  });

  it("refuses values JSON cannot represent faithfully", () => {
    expect(() => canonicalJson({ n: Number.NaN })).toThrow(TypeError);
    expect(() => canonicalJson({ d: new Date(0) })).toThrow(TypeError);
    expect(() => canonicalJson({ b: BigInt(1) })).toThrow(TypeError);
  });
});

describe("cacheKey", () => {
  beforeEach(async () => {
    configure({ CACHE_SECRET: "unit-test-secret", DATA_DIR: await mkdtemp(path.join(os.tmpdir(), "glance-key-")) });
  });

  it("is 64 lowercase hex characters", async () => {
    expect(await keyOf("url=https://example.com")).toMatch(/^[0-9a-f]{64}$/);
  });

  it("is the same for the same request in another order or spelling", async () => {
    const a = await keyOf("url=https://example.com&format=jpg&fullPage=true&width=1280&quality=80");
    const b = await keyOf("fullPage=1&format=jpeg&url=https://EXAMPLE.com:443&response=json&timeout=9000");
    expect(b).toBe(a);
  });

  it("ignores quality for png, but not for jpg", async () => {
    expect(await keyOf("url=https://e.com&quality=10")).toBe(await keyOf("url=https://e.com&quality=90"));
    expect(await keyOf("url=https://e.com&format=jpg&quality=10")).not.toBe(
      await keyOf("url=https://e.com&format=jpg&quality=90"),
    );
  });

  it("differs per account, endpoint, parameter value and secret", async () => {
    const base = await keyOf("url=https://e.com");
    expect(await keyOf("url=https://e.com", "acct_2")).not.toBe(base);
    expect(await keyOf("url=https://e.com/other")).not.toBe(base);
    expect(await keyOf("url=https://e.com&delay=1")).not.toBe(base);
    expect(await cacheKey({ accountId: "acct_1", endpoint: "og", params: shot("url=https://e.com") })).not.toBe(base);
    configure({ CACHE_SECRET: "another-secret" });
    expect(await keyOf("url=https://e.com")).not.toBe(base);
  });

  it("takes extra key parts (OG variables) in any order", async () => {
    const k = (vars: Record<string, string>) =>
      cacheKey({ accountId: "a", endpoint: "og", params: { template: "default", variables: vars } });
    expect(await k({ title: "Hi", description: "There" })).toBe(await k({ description: "There", title: "Hi" }));
    expect(await k({ title: "Hi" })).not.toBe(await k({ title: "Ho" }));
  });
});

describe("cacheSecret without CACHE_SECRET", () => {
  it("is generated once, persisted with mode 0600, and reused", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "glance-secret-"));
    configure({ CACHE_SECRET: undefined, DATA_DIR: dir });
    const [s1, s2] = await Promise.all([cacheSecret(), cacheSecret()]);
    expect(s1).toBe(s2);
    expect(s1).toMatch(/^[0-9a-f]{64}$/);
    const file = path.join(dir, "cache-secret");
    expect((await readFile(file, "utf8")).trim()).toBe(s1);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const key = await keyOf("url=https://e.com");

    // Another data directory gets its own secret; the first one's file still decides its keys.
    configure({ CACHE_SECRET: undefined, DATA_DIR: await mkdtemp(path.join(os.tmpdir(), "glance-secret-")) });
    expect(await cacheSecret()).not.toBe(s1);
    configure({ CACHE_SECRET: undefined, DATA_DIR: dir });
    expect(await keyOf("url=https://e.com")).toBe(key);
  });
});
