import { describe, expect, it } from "vitest";

// D1: every non-2xx answer under /v1 is problem+json, also for wrong methods and unknown paths.
describe("/v1 fallbacks", () => {
  it.each([
    ["screenshot", () => import("@/app/v1/screenshot/route")],
    ["files", () => import("@/app/v1/files/[file]/route")],
    ["openapi.json", () => import("@/app/v1/openapi.json/route")],
    ["og", () => import("@/app/v1/og/route")],
    ["og/templates", () => import("@/app/v1/og/templates/route")],
  ])("%s answers other methods with a 405 problem", async (_name, load) => {
    const route = (await load()) as unknown as Record<string, (r: Request) => Promise<Response> | Response>;
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const res = await route[method](new Request("http://localhost:3000/v1/x", { method }));
      expect(res.status).toBe(405);
      expect(res.headers.get("content-type")).toBe("application/problem+json");
      expect(res.headers.get("allow")).toBe("GET, HEAD");
      expect(await res.json()).toMatchObject({ status: 405, code: "method_not_allowed", title: "Method Not Allowed" });
    }
  });

  it("answers unknown /v1 paths with a 404 problem", async () => {
    const route = await import("@/app/v1/[...path]/route");
    const res = await route.GET(new Request("http://localhost:3000/v1/screenshots"));
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: "not_found", detail: "No API endpoint at /v1/screenshots." });
  });

  it("answers bare /v1 (which the catch-all does not match) with the same 404 problem, for every method", async () => {
    const route = (await import("@/app/v1/route")) as unknown as Record<string, (r: Request) => Promise<Response> | Response>;
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) {
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
    const kept = await route.GET(new Request("http://localhost:3000/x", { headers: { "X-Request-Id": "lb-1234567890" } }));
    expect(kept.headers.get("x-request-id")).toBe("lb-1234567890");
  });
});
