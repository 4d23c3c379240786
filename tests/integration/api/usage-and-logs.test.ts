/**
 * What the pipeline leaves behind: a usage event per request (written after the reply), the
 * request id on every answer, and log lines without key material (D14).
 */
import { describe, expect, it, vi } from "vitest";
import { jsonOutcome } from "@/lib/api/outcome";
import { testEnvironment } from "@/tests/support/test-env";
import { apiRequest, createTestAccount } from "@/tests/support/api";

describe("usage events and logs", () => {
  testEnvironment({ extra: { LOG_LEVEL: "info" } });

  it("records one usage event per request after replying, and never logs the key", async () => {
    const { apiRoute } = await import("@/lib/api/pipeline");
    const { settleBackgroundWork } = await import("@/lib/api/request");
    const { screenshotEndpoint } = await import("@/lib/screenshot/endpoint");
    const { getDb } = await import("@/lib/db");
    const route = apiRoute(screenshotEndpoint, async (ctx) => {
      ctx.usage.cache = "MISS";
      ctx.usage.renderMs = 12.4;
      return jsonOutcome({ ok: true });
    });
    const account = await createTestAccount({ plan: "pro" });

    const lines: string[] = [];
    const out = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => (lines.push(String(chunk)), true));
    const err = vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (lines.push(String(chunk)), true));
    let ok: Response, bad: Response;
    try {
      ok = await route(
        apiRequest("/v1/screenshot?url=https://example.com", { apiKey: account.apiKey, keyIn: "query" }),
      );
      bad = await route(apiRequest("/v1/screenshot?width=9999", { apiKey: account.apiKey, keyIn: "query" }));
      await settleBackgroundWork();
    } finally {
      out.mockRestore();
      err.mockRestore();
    }
    expect(ok.status).toBe(200);
    expect(bad.status).toBe(400);
    expect(ok.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);

    const logged = lines.join("");
    expect(logged).toContain(ok.headers.get("x-request-id")!);
    expect(logged).not.toContain(account.apiKey.slice(8));
    for (const line of lines.filter((l) => l.startsWith("{"))) expect(() => JSON.parse(line)).not.toThrow();

    const db = await getDb();
    const events = await db.usageEvent.findMany({ where: { userId: account.userId }, orderBy: { id: "asc" } });
    expect(events.map((e) => [e.status, e.cache, e.renderMs, e.apiKeyId])).toEqual([
      [200, "MISS", 12, account.apiKeyId],
      [400, null, null, account.apiKeyId],
    ]);
    for (const e of events) expect(Math.abs(e.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
    const month = await db.monthlyUsage.findMany({ where: { userId: account.userId } });
    expect(month[0].requests).toBe(2);
  });

  it("counts a client that hung up as 499 in logs and usage, not as a server error", async () => {
    const { apiRoute } = await import("@/lib/api/pipeline");
    const { settleBackgroundWork } = await import("@/lib/api/request");
    const { screenshotEndpoint } = await import("@/lib/screenshot/endpoint");
    const { getDb } = await import("@/lib/db");
    // Like a render that stops when the request's signal aborts (what Next does on a disconnect).
    const route = apiRoute(screenshotEndpoint, (ctx) => {
      const { signal } = ctx;
      return new Promise<never>((_, reject) => signal.addEventListener("abort", () => reject(signal.reason)));
    });
    const account = await createTestAccount({ plan: "pro" });
    const controller = new AbortController();
    const signed = apiRequest("/v1/screenshot?url=https://example.com", { apiKey: account.apiKey });
    const request = new Request(signed, { signal: controller.signal });

    const lines: string[] = [];
    const out = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => (lines.push(String(chunk)), true));
    const err = vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (lines.push(String(chunk)), true));
    try {
      const pending = route(request);
      setTimeout(() => controller.abort(new Error("client disconnected")), 50);
      await pending;
      await settleBackgroundWork();
    } finally {
      out.mockRestore();
      err.mockRestore();
    }
    const entries = lines
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as { level: string; msg: string; status?: number });
    expect(entries.filter((e) => e.level === "error")).toEqual([]);
    expect(entries.find((e) => e.msg === "request")?.status).toBe(499);
    const db = await getDb();
    const events = await db.usageEvent.findMany({ where: { userId: account.userId } });
    expect(events.map((e) => e.status)).toEqual([499]);
  });

  it("logs a signed request's path and outcome but never its signature, even in an error that quotes the URL (D15)", async () => {
    const { apiRoute } = await import("@/lib/api/pipeline");
    const { settleBackgroundWork } = await import("@/lib/api/request");
    const { ogEndpoint } = await import("@/lib/og/endpoint");
    const { signUrl } = await import("@/lib/signing/canonical");
    const { getDb } = await import("@/lib/db");
    const account = await createTestAccount({ plan: "pro" });
    // A handler whose failure message carries the signed URL it was called with, as a careless error might.
    const route = apiRoute(ogEndpoint, async (ctx) => {
      const { key_id, expires, signature } = ctx.params;
      const query = new URLSearchParams({ template: ctx.params.template, ...ctx.extras, key_id: key_id ?? "" });
      if (expires !== undefined) query.set("expires", String(expires));
      query.set("signature", signature ?? "");
      if (ctx.extras.title === "fail") throw new Error(`render failed for http://localhost:3000${ctx.path}?${query}`);
      return jsonOutcome({ ok: true });
    });
    const sign = (title: string) =>
      signUrl(
        "http://localhost:3000",
        "/v1/og",
        { template: "default", title },
        { keyId: account.publicId, signingSecret: account.signingSecret },
      );
    const ok = sign("fine");
    const failing = sign("fail");
    const signatures = [ok, failing].map((url) => new URL(url).searchParams.get("signature")!);

    const lines: string[] = [];
    const out = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => (lines.push(String(chunk)), true));
    const err = vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (lines.push(String(chunk)), true));
    let statuses: number[];
    try {
      statuses = [(await route(new Request(ok))).status, (await route(new Request(failing))).status];
      await settleBackgroundWork();
    } finally {
      out.mockRestore();
      err.mockRestore();
    }
    expect(statuses).toEqual([200, 500]);
    const logged = lines.join("");
    const failure = lines.find((l) => l.includes("render failed for"));
    // The error was logged, with the rest of the URL (no secret) but the signature cut out.
    expect(failure).toContain(`key_id=${account.publicId}`);
    expect(failure).toContain("signature=[redacted]");
    for (const signature of signatures) expect(logged).not.toContain(signature);
    expect(logged).not.toContain(account.signingSecret);
    const db = await getDb();
    const events = await db.usageEvent.findMany({ where: { userId: account.userId }, orderBy: { id: "asc" } });
    expect(events.map((e) => [e.status, e.apiKeyId])).toEqual([
      [200, account.apiKeyId],
      [500, account.apiKeyId],
    ]);
    const stored = JSON.stringify(events, (_key, value: unknown) =>
      typeof value === "bigint" ? String(value) : value,
    );
    for (const signature of signatures) expect(stored).not.toContain(signature);
  });

  it("keeps a well-formed request id from upstream and replaces a bad one", async () => {
    const { apiRoute } = await import("@/lib/api/pipeline");
    const { screenshotEndpoint } = await import("@/lib/screenshot/endpoint");
    const route = apiRoute(screenshotEndpoint, async () => jsonOutcome({ ok: true }));
    const kept = await route(apiRequest("/v1/screenshot", { headers: { "X-Request-Id": "lb-1234567890" } }));
    expect(kept.headers.get("x-request-id")).toBe("lb-1234567890");
    const replaced = await route(apiRequest("/v1/screenshot", { headers: { "X-Request-Id": "<script>" } }));
    expect(replaced.headers.get("x-request-id")).not.toBe("<script>");
  });
});
