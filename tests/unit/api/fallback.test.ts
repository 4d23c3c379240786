import { describe, expect, it } from "vitest";

const GET_ONLY = "GET, HEAD, OPTIONS";
const QUERY_OR_BODY = "GET, HEAD, POST, OPTIONS";
const POST_ONLY = "POST, OPTIONS";

/** The /v1 routes with the methods they take; the others get a 405 (lib/api/fallback.ts). */
const ROUTES: ReadonlyArray<[string, () => Promise<unknown>, string]> = [
  ["screenshot", () => import("@/app/v1/screenshot/route"), QUERY_OR_BODY],
  ["content", () => import("@/app/v1/content/route"), QUERY_OR_BODY],
  ["animate", () => import("@/app/v1/animate/route"), QUERY_OR_BODY],
  ["diff", () => import("@/app/v1/diff/route"), QUERY_OR_BODY],
  ["monitors", () => import("@/app/v1/monitors/route"), QUERY_OR_BODY],
  ["files", () => import("@/app/v1/files/[file]/route"), GET_ONLY],
  ["openapi.json", () => import("@/app/v1/openapi.json/route"), GET_ONLY],
  ["og", () => import("@/app/v1/og/route"), GET_ONLY],
  ["og/templates", () => import("@/app/v1/og/templates/route"), GET_ONLY],
  ["usage", () => import("@/app/v1/usage/route"), GET_ONLY],
  ["jobs", () => import("@/app/v1/jobs/route"), POST_ONLY],
  ["jobs/bulk", () => import("@/app/v1/jobs/bulk/route"), POST_ONLY],
];

// D1: every non-2xx answer under /v1 is problem+json, also for wrong methods and unknown paths.
describe("/v1 fallbacks", () => {
  it.each(ROUTES)("%s answers other methods with a 405 problem", async (_name, load, allow) => {
    const route = (await load()) as unknown as Record<string, (r: Request) => Promise<Response> | Response>;
    for (const method of ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"].filter((m) => !allow.includes(m))) {
      const res = await route[method](new Request("http://localhost:3000/v1/x", { method }));
      expect(res.status).toBe(405);
      expect(res.headers.get("content-type")).toBe("application/problem+json");
      expect(res.headers.get("allow")).toBe(allow);
      expect(await res.json()).toMatchObject({ status: 405, code: "method_not_allowed", title: "Method Not Allowed" });
    }
  });

  it.each(ROUTES)(
    "%s answers OPTIONS with 204, Allow, X-Request-Id (D14) and RateLimit headers (D4)",
    async (_name, load, allow) => {
      const route = (await load()) as unknown as { OPTIONS: (r: Request) => Promise<Response> };
      const res = await route.OPTIONS(
        new Request("http://localhost:3000/v1/x", { method: "OPTIONS", headers: { "X-Forwarded-For": "127.0.0.61" } }),
      );
      expect(res.status).toBe(204);
      expect(res.headers.get("allow")).toBe(allow);
      expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      expect(Number(res.headers.get("ratelimit-limit"))).toBeGreaterThan(0);
      expect(res.headers.get("access-control-allow-origin")).toBeNull();
    },
  );

  it("answers unknown /v1 paths with a 404 problem", async () => {
    const route = await import("@/app/v1/[...path]/route");
    const res = await route.GET(new Request("http://localhost:3000/v1/screenshots"));
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: "not_found", detail: "No API endpoint at /v1/screenshots." });
  });

  it("answers bare /v1 (which the catch-all does not match) with the same 404 problem, for every method", async () => {
    const route = (await import("@/app/v1/route")) as unknown as Record<
      string,
      (r: Request) => Promise<Response> | Response
    >;
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) {
      const res = await route[method](new Request("http://localhost:3000/v1", { method }));
      expect(res.status, method).toBe(404);
      expect(res.headers.get("content-type")).toBe("application/problem+json");
      expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      expect(await res.json()).toMatchObject({ status: 404, code: "not_found", detail: "No API endpoint at /v1." });
    }
  });

  it.each([
    ["og/templates", () => import("@/app/v1/og/templates/route")],
    ["openapi.json", () => import("@/app/v1/openapi.json/route")],
    ["healthz", () => import("@/app/healthz/route")],
  ])("%s answers with an X-Request-Id (D14), keeping a well-formed one from upstream", async (_name, load) => {
    const route = (await load()) as unknown as { GET: (r: Request) => Promise<Response> | Response };
    const fresh = await route.GET(new Request("http://localhost:3000/x"));
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await route.GET(
      new Request("http://localhost:3000/x", { headers: { "X-Request-Id": "lb-1234567890" } }),
    );
    expect(kept.headers.get("x-request-id")).toBe("lb-1234567890");
  });

  it("key-less endpoints carry RateLimit headers from the client address's window and answer 429 past it (D4)", async () => {
    const { ANONYMOUS_LIMITS } = await import("@/lib/plans");
    const limit = ANONYMOUS_LIMITS.keyless;
    const from = (address: string, path = "/v1/x") =>
      new Request(`http://localhost:3000${path}`, { headers: { "X-Forwarded-For": address } });
    const { awayFromWindowEdge } = await import("@/tests/support/rate-window");
    await awayFromWindowEdge();

    const templates = (await import("@/app/v1/og/templates/route")).GET;
    const openapi = (await import("@/app/v1/openapi.json/route")).GET;
    const files = (await import("@/app/v1/files/[file]/route")).GET;
    const unknown = (await import("@/app/v1/[...path]/route")).GET;
    const answers = [
      await templates(from("127.0.0.51")),
      await openapi(from("127.0.0.51")),
      await files(from("127.0.0.51", "/v1/files/nope.png"), { params: Promise.resolve({ file: "nope.png" }) }),
      await unknown(from("127.0.0.51")),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 404, 404]);
    answers.forEach((r, i) => {
      expect(r.headers.get("ratelimit-limit")).toBe(String(limit));
      expect(r.headers.get("ratelimit-remaining")).toBe(String(limit - 1 - i));
      expect(Number(r.headers.get("ratelimit-reset"))).toBeGreaterThan(0);
    });

    // Fill the rest of the window through the limiter itself (thousands of full route calls
    // would only test the machine's speed), then the last allowed request through a route.
    const { checkAnonymousLimit } = await import("@/lib/api/rate-limit");
    for (let i = answers.length; i < limit - 1; i++) await checkAnonymousLimit(from("127.0.0.51"), "keyless");
    const last = await unknown(from("127.0.0.51"));
    expect([last.status, last.headers.get("ratelimit-remaining")]).toEqual([404, "0"]);
    const over = await templates(from("127.0.0.51"));
    expect(over.status).toBe(429);
    expect(over.headers.get("content-type")).toBe("application/problem+json");
    expect(await over.json()).toMatchObject({ status: 429, code: "rate_limited" });
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(over.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    // Another address is not affected.
    expect((await templates(from("127.0.0.52"))).headers.get("ratelimit-remaining")).toBe(String(limit - 1));
    // awayFromWindowEdge may wait up to 15 s for a fresh window.
  }, 30_000);
});
