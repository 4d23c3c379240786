/**
 * The registries of D31 are what the code reads: the output formats feed the `format`
 * parameters, their plan gates, the files route's names, the cache key's use of `quality` and the
 * OpenAPI answers; the job types and endpoints are exhaustive maps, so what a newcomer forgets is
 * a compile error (the `@ts-expect-error` lines below fail `tsc --noEmit` if the maps stop being
 * exhaustive).
 */
import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import { ApiError } from "@/lib/vocabulary/errors";
import { formatParam } from "@/lib/api/format-param";
import { enforcePlanGates } from "@/lib/api/gates";
import { enumParam, paramDoc } from "@/lib/api/params";
import { parseQuery } from "@/lib/api/query";
import { FILE_FORMATS, formatsOf, OUTPUT_FORMATS, type FormatOf } from "@/lib/formats";
import type { JobRunner } from "@/lib/jobs/runners";
import { JOB_RUNNERS } from "@/lib/jobs/runners";
import { JOB_TYPES, type JobType } from "@/lib/jobs/types";
import { buildOpenApiDocument } from "@/lib/openapi/document";
import { ogParams } from "@/lib/og/params";
import { cacheKeyParams } from "@/lib/results/key";
import { screenshotParams } from "@/lib/screenshot/params";

describe("output formats (lib/formats.ts)", () => {
  it("are each endpoint's format values, aliases included", () => {
    expect(paramDoc(screenshotParams, "format").values).toEqual(["png", "jpg", "webp", "pdf"]);
    expect(paramDoc(ogParams, "format").values).toEqual(["png", "jpg", "webp"]);
    expect(
      parseQuery(new URLSearchParams("url=https://a.com&format=JPEG"), screenshotParams, { extras: "reject" }).params
        .format,
    ).toBe("jpg");
    expectTypeOf<FormatOf<"og">>().toEqualTypeOf<"png" | "jpg" | "webp">();
  });

  it("say which formats keep quality in the cache key", () => {
    const key = (format: string) =>
      cacheKeyParams(ogParams, { template: "default", format, quality: 50, width: 1, height: 1 });
    expect(key("jpg")).toHaveProperty("quality", 50);
    expect(key("png")).not.toHaveProperty("quality");
    for (const format of FILE_FORMATS) expect("quality" in key(format), format).toBe(OUTPUT_FORMATS[format].lossy);
  });

  it("are the media types and file names of the OpenAPI document", () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- walking the document
    const doc = buildOpenApiDocument("https://glance.example") as any;
    const binaries = (path: string) =>
      Object.keys(doc.paths[path].get.responses["200"].content).filter((type) => type !== "application/json");
    expect(binaries("/v1/screenshot")).toEqual(formatsOf("screenshot").map((f) => OUTPUT_FORMATS[f].mime));
    expect(binaries("/v1/og")).toEqual(formatsOf("og").map((f) => OUTPUT_FORMATS[f].mime));
    expect(binaries("/v1/animate")).toEqual(formatsOf("animate").map((f) => OUTPUT_FORMATS[f].mime));
    expect(binaries("/v1/files/{file}")).toEqual(FILE_FORMATS.map((f) => OUTPUT_FORMATS[f].mime));
    const pattern = new RegExp(doc.paths["/v1/files/{file}"].get.parameters[0].schema.pattern);
    for (const format of FILE_FORMATS) expect(pattern.test(`${"a".repeat(64)}.${format}`), format).toBe(true);
    expect(pattern.test(`${"a".repeat(64)}.avif`)).toBe(false);
  });

  it("gate a format that has a plan, as a 403 naming format, only when asked for", () => {
    const schema = z.object({
      format: enumParam("format", {
        values: ["png", "gif"],
        default: "png",
        valuePlans: { gif: "pro" },
        description: "Output format.",
      }),
    });
    const spec = { id: "screenshot", params: schema } as const;
    const gate = (query: string, plan: "free" | "pro") => {
      const { params, given } = parseQuery(new URLSearchParams(query), schema, { extras: "reject" });
      enforcePlanGates(spec, params, given, plan);
    };
    expect(() => gate("format=gif", "pro")).not.toThrow();
    expect(() => gate("format=png", "free")).not.toThrow();
    expect(() => gate("", "free")).not.toThrow();
    let refused: unknown;
    try {
      gate("format=gif", "free");
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ code: "plan_upgrade_required", param: "format" });
    expect((refused as ApiError).message).toBe("format=gif requires the Pro plan or higher.");
  });

  it("put a format's plan in the parameter's description", () => {
    const described = paramDoc(
      z.object({ format: formatParam("og", { default: "png", description: "Out." }) }),
      "format",
    );
    expect(described.description).toBe("Out.");
    expect(described.valuePlans).toBeUndefined();
  });
});

describe("job types (lib/jobs/types.ts, lib/jobs/runners.ts)", () => {
  it("each have a runner with its endpoint's own spec", () => {
    expect(Object.keys(JOB_RUNNERS).sort()).toEqual([...JOB_TYPES].sort());
    for (const type of JOB_TYPES) expect(JOB_RUNNERS[type].spec.id).toBe(type);
    expect(JOB_RUNNERS.screenshot.withAsyncTimeout).toBeTypeOf("function");
    expect(JOB_RUNNERS.og.withAsyncTimeout).toBeUndefined();
  });

  it("are an exhaustive map: a type without a runner does not compile", () => {
    // @ts-expect-error — "crawl" has no runner, so the map is not a Record over the wider type
    const wider: Record<JobType | "crawl", JobRunner> = JOB_RUNNERS;
    expect(wider).toBe(JOB_RUNNERS);
  });
});
