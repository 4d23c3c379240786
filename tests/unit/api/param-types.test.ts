/**
 * Parameter types tell the truth: a parameter that is required or has a default is never
 * undefined, in its type (checked by the typecheck step, `tsc --noEmit`) and in what parsing
 * yields (checked here at run time); only optional parameters without a default may be absent.
 */
import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import { enumParam, intParam, stringParam, urlParam } from "@/lib/api/params";
import { parseQuery } from "@/lib/api/query";
import { ogParams, type OgFormat, type OgParams } from "@/lib/og/params";
import {
  screenshotParams,
  type DevicePresetName,
  type PdfPageSize,
  type ScreenshotFormat,
  type ScreenshotParams,
} from "@/lib/screenshot/params";

const schema = z.object({
  required: stringParam("required", { required: true, maxLength: 10, description: "" }),
  optional: stringParam("optional", { maxLength: 10, description: "" }),
  choice: enumParam("choice", { values: ["a", "b"], default: "a", description: "" }),
  needed: enumParam("needed", { values: ["a", "b"], required: true, description: "" }),
  maybe: enumParam("maybe", { values: ["a", "b"], description: "" }),
  target: urlParam("target", { required: true, maxLength: 100, description: "" }),
  link: urlParam("link", { required: false, maxLength: 100, description: "" }),
  count: intParam("count", { min: 0, max: 9, default: 3, description: "" }),
});

describe("parameter builders", () => {
  it("type a required or defaulted parameter as present, an optional one as possibly absent", () => {
    type Out = z.output<typeof schema>;
    expectTypeOf<Out["required"]>().toEqualTypeOf<string>();
    expectTypeOf<Out["optional"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<Out["choice"]>().toEqualTypeOf<"a" | "b">();
    expectTypeOf<Out["needed"]>().toEqualTypeOf<"a" | "b">();
    expectTypeOf<Out["maybe"]>().toEqualTypeOf<"a" | "b" | undefined>();
    expectTypeOf<Out["target"]>().toEqualTypeOf<string>();
    expectTypeOf<Out["link"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<Out["count"]>().toEqualTypeOf<number>();
  });

  it("yield the default or a 400 for an absent parameter, never undefined where the type says present", () => {
    const parsed = parseQuery(new URLSearchParams("required=x&needed=b&target=https://e.com"), schema, {
      extras: "reject",
    });
    expect(parsed.params).toEqual({
      required: "x",
      optional: undefined,
      choice: "a",
      needed: "b",
      maybe: undefined,
      target: "https://e.com/",
      link: undefined,
      count: 3,
    });
    for (const [query, param] of [
      ["needed=a&target=https://e.com", "required"],
      ["required=x&target=https://e.com", "needed"],
      ["required=x&needed=a", "target"],
    ]) {
      expect(() => parseQuery(new URLSearchParams(query), schema, { extras: "reject" })).toThrow(
        expect.objectContaining({ status: 400, code: "missing_parameter", param }),
      );
    }
  });
});

describe("endpoint parameter types", () => {
  it("screenshot: format, pageSize and every defaulted parameter are present; url may be absent (html instead, D19)", () => {
    expectTypeOf<ScreenshotParams["url"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<ScreenshotParams["format"]>().toEqualTypeOf<ScreenshotFormat>();
    expectTypeOf<ScreenshotParams["pageSize"]>().toEqualTypeOf<PdfPageSize>();
    expectTypeOf<ScreenshotParams["device"]>().toEqualTypeOf<DevicePresetName | undefined>();
    const { params } = parseQuery(new URLSearchParams("url=https://e.com"), screenshotParams, { extras: "reject" });
    expect(params).toMatchObject({
      format: "png",
      pageSize: "letter",
      width: 1280,
      height: 800,
      printBackground: true,
    });
  });

  it("og: template and format are present", () => {
    expectTypeOf<OgParams["template"]>().toEqualTypeOf<string>();
    expectTypeOf<OgParams["format"]>().toEqualTypeOf<OgFormat>();
    const { params } = parseQuery(new URLSearchParams("template=default"), ogParams, { extras: "collect" });
    expect(params).toMatchObject({ template: "default", format: "png", width: 1200, height: 630, quality: 80 });
  });
});
