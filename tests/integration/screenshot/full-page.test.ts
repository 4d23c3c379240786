/**
 * Full pages of any height (D36): beyond Chromium's 16,384 px texture limit a page is captured in
 * tiles and stitched. bands.html is 400 bands of 100 CSS px, each its own colour: every row of the
 * image is checked against the band it belongs to, so a repeated or missing row at a seam fails.
 */
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { problemOf, rendersOf } from "@/tests/support/api";
import { decode, expectColor, expectOk, screenshotHarness } from "@/tests/support/screenshot-harness";

const h = screenshotHarness();

type Rgb = [number, number, number];
const bandColor = (band: number): Rgb => [(band % 20) * 13, Math.floor(band / 20) * 13, 77];
const MAGENTA: Rgb = [255, 0, 255];
const CYAN: Rgb = [0, 255, 255];

/** The image's rows as raw RGB, and the colour of a pixel. */
async function rawImage(bytes: Buffer) {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number): Rgb => {
    const i = (y * info.width + x) * info.channels;
    return [data[i], data[i + 1], data[i + 2]];
  };
  return { width: info.width, height: info.height, at };
}

/** The first row (device px) of column x whose colour is not its band's, or -1. */
function firstWrongRow(image: Awaited<ReturnType<typeof rawImage>>, x: number, scale: number): number {
  for (let y = 0; y < image.height; y++) {
    const expected = bandColor(Math.floor(y / (100 * scale)));
    const actual = image.at(x, y);
    if (actual.some((v, i) => v !== expected[i])) return y;
  }
  return -1;
}

describe("fullPage beyond 16,384 px (Business: up to 100,000 CSS px)", () => {
  it.each([1, 1.5, 2])("png at deviceScale %s: 40,000 CSS px, every row in its band exactly once", async (scale) => {
    const res = await h.shoot({ url: "bands.html", fullPage: true, width: 120, height: 2000, deviceScale: scale });
    const image = await rawImage(await expectOk(res));
    expect([image.width, image.height]).toEqual([120 * scale, 40_000 * scale]);
    expect(firstWrongRow(image, 100 * scale, scale)).toBe(-1);
    expect(res.headers.get("x-capture-complete")).toBe("true");
  });

  it("a fixed header and a sticky bar appear once, at the top, not in every tile", async () => {
    const image = await rawImage(
      await expectOk(await h.shoot({ url: "bands.html?fixed", fullPage: true, width: 120, height: 2000 })),
    );
    expect(image.height).toBe(40_000);
    const rowsOf = (x: number, color: Rgb) => {
      const rows: number[] = [];
      for (let y = 0; y < image.height; y++) if (image.at(x, y).every((v, i) => v === color[i])) rows.push(y);
      return rows;
    };
    const fixedRows = rowsOf(10, MAGENTA);
    const stickyRows = rowsOf(60, CYAN);
    expect([fixedRows.length, fixedRows[0], fixedRows.at(-1)]).toEqual([50, 0, 49]);
    expect([stickyRows.length, stickyRows[0], stickyRows.at(-1)]).toEqual([50, 0, 49]);
    expect(firstWrongRow(image, 100, 1)).toBe(-1);
  });

  it("jpg is stitched too; webp stops at libwebp's 16,383 px and says so", async () => {
    const jpg = await decode(
      await expectOk(await h.shoot({ url: "bands.html", fullPage: true, width: 120, height: 2000, format: "jpg" })),
    );
    expect([jpg.format, jpg.height]).toEqual(["jpeg", 40_000]);
    for (const band of [0, 163, 164, 250, 327, 328, 399])
      expectColor(jpg.pixel(60, band * 100 + 50), bandColor(band), `band ${band}`);

    const res = await h.shoot({
      url: "bands.html",
      fullPage: true,
      width: 120,
      height: 2000,
      format: "webp",
      response: "json",
    });
    const meta = (await res.json()) as { height: number; completeness: Record<string, unknown> };
    expect(meta.height).toBe(16_383);
    expect(res.headers.get("x-capture-incomplete")).toBe("height_limit");
    expect(meta.completeness).toMatchObject({
      complete: false,
      reasons: ["height_limit"],
      reachedBottom: false,
      pageHeight: 40_000,
      capturedHeight: 16_383,
      heightLimit: { height: 16_383, by: "format" },
    });
  });
});

describe("fullPage PDFs of long pages", () => {
  it("paginate on sheets of 16,384 CSS px instead of stopping at one", async () => {
    const res = await h.shoot({
      url: "bands.html",
      fullPage: true,
      width: 120,
      height: 2000,
      format: "pdf",
      response: "json",
    });
    const meta = (await res.json()) as { pages: number; height: number; completeness: Record<string, unknown> };
    expect([meta.height, meta.pages]).toEqual([16_384, 3]);
    expect(meta.completeness).toMatchObject({ reachedBottom: true, pageHeight: 40_000, capturedHeight: 40_000 });
  });
});

describe("the plan's height", () => {
  it("a Free account's full page is cut at 16,384 CSS px and reported incomplete; requireComplete makes it an uncharged 422", async () => {
    const free = await h.accountOn("free");
    const cut = await h.shoot({ url: "bands.html", fullPage: true, width: 100, height: 2000 }, { account: free });
    expect((await decode(await expectOk(cut))).height).toBe(16_384);
    expect([cut.headers.get("x-capture-complete"), cut.headers.get("x-capture-incomplete")]).toEqual([
      "false",
      "height_limit",
    ]);
    const rendered = await rendersOf(free);

    const refused = await h.shoot(
      { url: "bands.html", fullPage: true, width: 100, height: 2000, requireComplete: true },
      { account: free },
    );
    expect(refused.status).toBe(422);
    const problem = await problemOf(refused);
    expect(problem.code).toBe("capture_incomplete");
    expect(problem.detail).toContain("40000 CSS px high; at most 16384");
    expect(refused.headers.get("x-capture-incomplete")).toBe("height_limit");
    // Not charged: the renders counted are those of the first capture only.
    expect(await rendersOf(free)).toBe(rendered);
  });
});
