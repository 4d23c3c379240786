/**
 * The D19 output options on real Chromium: omitBackground (a transparent pixel, png and webp),
 * imageWidth/imageHeight (the resized image's size, aspect kept with one side), their 400s.
 */
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { problemOf } from "@/tests/support/api";
import { decode, expectColor, expectOk, RED, screenshotHarness } from "@/tests/support/screenshot-harness";

const h = screenshotHarness({ plan: "free" });

/** RGBA of one pixel. */
async function rgba(bytes: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [...data.subarray(i, i + 4)];
}

describe("omitBackground", () => {
  it.each(["png", "webp"])("%s: the page's unset background is transparent, its content opaque", async (format) => {
    const bytes = await expectOk(
      await h.shoot({ url: "transparent.html", format, omitBackground: true, width: 400, height: 400, quality: 100 }),
    );
    expect((await sharp(bytes).metadata()).hasAlpha).toBe(true);
    expect((await rgba(bytes, 30, 30))[3]).toBe(0);
    const red = await rgba(bytes, 200, 200);
    expect(red[3]).toBe(255);
    expectColor([red[0], red[1], red[2]], RED, "the red square");

    const opaque = await expectOk(await h.shoot({ url: "transparent.html", format, width: 400, height: 400 }));
    expect((await rgba(opaque, 30, 30))[3]).toBe(255); // without it: the browser's white
  });

  it("jpg and pdf cannot be transparent: 400 naming omitBackground", async () => {
    for (const format of ["jpg", "pdf"]) {
      expect(await problemOf(await h.shoot({ url: "transparent.html", format, omitBackground: true }))).toMatchObject({
        status: 400,
        code: "invalid_parameter",
        param: "omitBackground",
      });
    }
  });
});

describe("imageWidth and imageHeight", () => {
  it("one side keeps the aspect ratio; both give exactly that size; the format and content stay", async () => {
    const byWidth = await decode(await expectOk(await h.shoot({ url: "basic.html", imageWidth: 320 })));
    expect([byWidth.format, byWidth.width, byWidth.height]).toEqual(["png", 320, 200]); // 1280×800 scaled by ¼
    expectColor(byWidth.pixel(50, 50), RED, "the red square, scaled"); // CSS 100–300 → 25–75

    const byHeight = await decode(
      await expectOk(await h.shoot({ url: "basic.html", imageHeight: 400, deviceScale: 2, format: "jpg" })),
    );
    expect([byHeight.format, byHeight.width, byHeight.height]).toEqual(["jpeg", 640, 400]); // 2560×1600 by ¼

    const res = await h.shoot({
      url: "basic.html",
      imageWidth: 100,
      imageHeight: 100,
      format: "webp",
      response: "json",
    });
    expect(await res.json()).toMatchObject({ width: 100, height: 100, format: "webp" });
  });

  it("bad values and pdf are 400s naming the parameter", async () => {
    expect(await problemOf(await h.shoot({ url: "basic.html", imageWidth: 0 }))).toMatchObject({
      status: 400,
      code: "parameter_out_of_range",
      param: "imageWidth",
    });
    expect(await problemOf(await h.shoot({ url: "basic.html", imageHeight: "tall" }))).toMatchObject({
      status: 400,
      code: "invalid_parameter",
      param: "imageHeight",
    });
    expect(await problemOf(await h.shoot({ url: "basic.html", imageWidth: 3841 }))).toMatchObject({
      status: 400,
      code: "parameter_out_of_range",
      param: "imageWidth",
    });
    expect(await problemOf(await h.shoot({ url: "basic.html", format: "pdf", imageWidth: 300 }))).toMatchObject({
      status: 400,
      code: "invalid_parameter",
      param: "imageWidth",
    });
  });
});
