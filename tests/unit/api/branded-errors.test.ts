/**
 * D30: an error made by one copy of a module is recognised by every other copy. The production
 * server holds several copies of lib/ (instrumentation.ts's layer, the route handlers', tsx's for
 * lib/edge); lib/browser's queue, made by the first, threw 503 renderer_busy errors that the
 * pipeline of the second took for unknown errors and answered 500. Here two copies are made by
 * loading the modules twice, and the source is checked so that every error class is branded.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { filesUnder } from "@/tests/support/source-files";

async function twoCopies<T>(load: () => Promise<T>): Promise<[T, T]> {
  const first = await load();
  vi.resetModules();
  const second = await load();
  return [first, second];
}

describe("errors across copies of their module (D30)", () => {
  it("an ApiError from another copy keeps its status and code through toApiError", async () => {
    const [a, b] = await twoCopies(() => import("@/lib/vocabulary/errors"));
    expect(a.ApiError).not.toBe(b.ApiError); // really two copies
    const busy = new a.ApiError("renderer_busy", "Every renderer is busy.", { headers: { "Retry-After": "3" } });
    expect(busy instanceof b.ApiError).toBe(true);
    expect(b.toApiError(busy)).toBe(busy);
    const response = b.problemResponse(b.toApiError(busy));
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("3");
    expect(await response.json()).toMatchObject({ code: "renderer_busy", status: 503 });
  });

  it("a look-alike is not an ApiError: the brand is not a shape", async () => {
    const { ApiError, toApiError } = await import("@/lib/vocabulary/errors");
    const lookAlike = Object.assign(new Error("x"), { name: "ApiError", code: "renderer_busy", status: 503 });
    expect(lookAlike instanceof ApiError).toBe(false);
    expect(toApiError(lookAlike).code).toBe("internal_error");
    for (const value of [null, undefined, 0, "ApiError", {}, []]) expect(value instanceof ApiError).toBe(false);
  });

  it("brands follow the class chain: a subclass is its parent, never the other way, and classes stay apart", async () => {
    const [a, b] = await twoCopies(async () => ({
      keys: await import("@/lib/keys/service"),
      fetch: await import("@/lib/net/fetch"),
      api: await import("@/lib/vocabulary/errors"),
    }));
    const limit = new a.keys.KeyLimitError(2, "free");
    expect(limit instanceof b.keys.KeyLimitError).toBe(true);
    expect(limit instanceof b.keys.KeyCreationRefused).toBe(true);
    expect(limit instanceof b.keys.KeyChurnError).toBe(false);
    expect(new a.keys.KeyCreationRefused("x") instanceof b.keys.KeyLimitError).toBe(false);
    const refused = new a.fetch.SafeFetchError("private_address", "no");
    expect(refused instanceof b.fetch.SafeFetchError).toBe(true);
    expect(refused instanceof b.api.ApiError).toBe(false);
    expect(refused instanceof Error).toBe(true);
  });
});

const ROOT = path.resolve(import.meta.dirname, "../../..");
const CLASS = /class\s+(\w+)\s+extends\s+(\w+)\s*\{([^]*?)\n\}/g;

describe("every error class of the app is branded (D30)", () => {
  const classes: Array<{ file: string; name: string; base: string; body: string }> = [];
  for (const dir of ["lib", "app", "components"]) {
    for (const file of filesUnder(path.join(ROOT, dir), /\.tsx?$/, new Set(["node_modules"]))) {
      for (const m of readFileSync(file, "utf8").matchAll(CLASS))
        classes.push({ file: path.relative(ROOT, file), name: m[1], base: m[2], body: m[3] });
    }
  }
  // Error classes: those extending Error, BrandedError or, transitively, one of them.
  const errorNames = new Set(["Error", "BrandedError"]);
  for (let grew = true; grew;) {
    grew = false;
    for (const c of classes)
      if (errorNames.has(c.base) && !errorNames.has(c.name)) grew = Boolean(errorNames.add(c.name));
  }
  const errorClasses = classes.filter((c) => errorNames.has(c.name) && c.name !== "BrandedError");

  it("finds the error classes it checks", () => {
    expect(errorClasses.map((c) => c.name)).toEqual(
      expect.arrayContaining(["ApiError", "SafeFetchError", "DeadlineExceeded", "KeyLimitError"]),
    );
  });

  it("none extends Error directly; each declares its own brand, glance.<class name>", () => {
    for (const c of errorClasses) {
      expect(c.base, `${c.file}: ${c.name} extends Error (use BrandedError)`).not.toBe("Error");
      expect(c.body, `${c.file}: ${c.name} declares no brand of its own`).toContain(
        `static readonly brand: string = "glance.${c.name}";`,
      );
    }
    const names = errorClasses.map((c) => c.name);
    expect(new Set(names).size, "two error classes share a name (and so a brand)").toBe(names.length);
  });
});
