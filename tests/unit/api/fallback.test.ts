import { describe, expect, it } from "vitest";

// D1: every non-2xx answer under /v1 is problem+json, also for wrong methods and unknown paths.
describe("/v1 fallbacks", () => {
  it.each([
    ["screenshot", () => import("@/app/v1/screenshot/route")],
    ["files", () => import("@/app/v1/files/[file]/route")],
    ["openapi.json", () => import("@/app/v1/openapi.json/route")],
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
});
