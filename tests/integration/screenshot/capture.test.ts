/**
 * GET /v1/screenshot end to end on real Chromium: every capture parameter against fixture pages
 * on a loopback server, decoded with sharp (images) and pdf-lib / pdf.js (PDFs).
 */
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { problemOf } from "@/tests/support/api";
import {
  BLACK,
  BLUE,
  decode,
  expectColor,
  expectOk,
  GREEN,
  RED,
  screenshotHarness,
  WHITE,
} from "@/tests/support/screenshot-harness";
import { pdfPageTexts } from "./pdf-text";

const h = screenshotHarness();

describe("image formats and sizes", () => {
  it.each([
    { format: "png", width: 640, height: 400, deviceScale: 2 },
    { format: "jpg", width: 500, height: 300, deviceScale: 1.5 },
    { format: "webp", width: 320, height: 240, deviceScale: 3 },
  ])("$format decodes to width×deviceScale by height×deviceScale", async ({ format, width, height, deviceScale }) => {
    const res = await h.shoot({ url: "basic.html", format, width, height, deviceScale, quality: 90 });
    const image = await decode(await expectOk(res));
    expect(res.headers.get("content-type")).toBe({ png: "image/png", jpg: "image/jpeg", webp: "image/webp" }[format]);
    expect(image.format).toBe(format === "jpg" ? "jpeg" : format);
    expect([image.width, image.height]).toEqual([width * deviceScale, height * deviceScale]);
    // The red square spans CSS px 100–300: its middle scales with the pixel ratio.
    expectColor(image.pixel(200 * deviceScale, 200 * deviceScale), RED, "red square");
    expectColor(image.pixel(50 * deviceScale, 50 * deviceScale), WHITE, "background");
  });

  it("uses the spec's defaults: png, 1280×800 at scale 1", async () => {
    const res = await h.shoot({ url: "basic.html" });
    const image = await decode(await expectOk(res));
    expect([image.format, image.width, image.height]).toEqual(["png", 1280, 800]);
    expect(Number(res.headers.get("x-image-size"))).toBeGreaterThan(0);
  });
});

describe("pdf", () => {
  it("prints the paper size with header page numbers, and reports pages in JSON", async () => {
    const header =
      '<div style="font-size:10px;width:100%;text-align:center">Page <span class="pageNumber"></span> of <span class="totalPages"></span></div>';
    const res = await h.shoot({
      url: "document.html",
      format: "pdf",
      pageSize: "a4",
      headerTemplate: header,
      margin: "20,10,20,10",
    });
    const bytes = await expectOk(res);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const pdf = await PDFDocument.load(bytes);
    const pages = pdf.getPages();
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) {
      const { width, height } = page.getSize(); // points: A4 is 595.28 × 841.89
      expect(Math.abs(width - 595.28)).toBeLessThan(1.5);
      expect(Math.abs(height - 841.89)).toBeLessThan(1.5);
    }
    const texts = await pdfPageTexts(bytes);
    texts.forEach((text, i) => expect(text).toContain(`Page ${i + 1} of ${pages.length}`));

    const json = await (
      await h.shoot({
        url: "document.html",
        format: "pdf",
        pageSize: "a4",
        headerTemplate: header,
        margin: "20,10,20,10",
        response: "json",
      })
    ).json();
    expect(json).toMatchObject({ format: "pdf", pages: pages.length, width: 794, height: 1123 });
  });

  it("landscape swaps the sides; fullPage prints the whole page on one sheet", async () => {
    const landscape = await PDFDocument.load(
      await expectOk(await h.shoot({ url: "document.html", format: "pdf", landscape: true })),
    );
    expect(landscape.getPage(0).getSize()).toEqual({ width: 792, height: 612 }); // letter, turned

    const res = await h.shoot({
      url: "document.html",
      format: "pdf",
      fullPage: true,
      width: 1000,
      printBackground: false,
    });
    const single = await PDFDocument.load(await expectOk(res));
    expect(single.getPageCount()).toBe(1);
    const { width, height } = single.getPage(0).getSize();
    expect(Math.round((width * 96) / 72)).toBe(1000); // CSS px → points is ×72/96
    expect((height * 96) / 72).toBeGreaterThan(7200); // three 2,404 px sections
  });
});

describe("page content options", () => {
  it("fullPage scrolls lazy content into view first and captures it", async () => {
    const before = h.fx.hitsFor("/green.png");
    const image = await decode(
      await expectOk(await h.shoot({ url: "tall-lazy.html", fullPage: true, width: 800, height: 600 })),
    );
    expect([image.width, image.height]).toEqual([800, 7000]);
    expectColor(image.pixel(200, 4650), GREEN, "native loading=lazy image");
    expectColor(image.pixel(200, 6450), GREEN, "IntersectionObserver image");
    expect(h.fx.hitsFor("/green.png") - before).toBe(2);
  });

  it("fullPage stops at the plan's height: 16,384 CSS px on Free, the whole 30,000 px page on Business (D36)", async () => {
    const free = await h.accountOn("free");
    const query = { url: "very-tall.html", fullPage: true, width: 100, height: 2000 };
    const cut = await decode(await expectOk(await h.shoot(query, { account: free })));
    expect([cut.width, cut.height]).toEqual([100, 16_384]);
    const whole = await decode(await expectOk(await h.shoot(query)));
    expect([whole.width, whole.height]).toEqual([100, 30_000]);
  });

  it("clip captures exactly the rectangle, also below the first screen", async () => {
    const image = await decode(
      await expectOk(await h.shoot({ url: "basic.html", clip: "400,1200,300,100", deviceScale: 2 })),
    );
    expect([image.width, image.height]).toEqual([600, 200]);
    for (const [x, y] of [
      [2, 2],
      [300, 100],
      [597, 197],
    ])
      expectColor(image.pixel(x, y), BLUE, `clip (${x},${y})`);
  });

  it("waitForSelector waits for an element that appears after load", async () => {
    // Without waiting, the capture must beat the element: 30 s is out of reach even on a loaded machine.
    const without = await decode(
      await expectOk(await h.shoot({ url: "late-element.html?after=30000", width: 200, height: 200 })),
    );
    expectColor(without.pixel(100, 100), WHITE, "before the element exists");
    const withSelector = await decode(
      await expectOk(await h.shoot({ url: "late-element.html", width: 200, height: 200, waitForSelector: "#late" })),
    );
    expectColor(withSelector.pixel(100, 100), GREEN, "after waiting for #late");
  });

  it("delay waits after load", async () => {
    // The change comes 30 s after load without a delay (no loaded machine is that slow), and 1.2 s
    // after load with a 1.5 s delay: only the delay can put the capture after it on a quick machine.
    const now = await decode(
      await expectOk(await h.shoot({ url: "color-change.html?after=30000", width: 200, height: 200 })),
    );
    expectColor(now.pixel(100, 100), WHITE, "right after load");
    const later = await decode(
      await expectOk(await h.shoot({ url: "color-change.html?after=1200", width: 200, height: 200, delay: 1500 })),
    );
    expectColor(later.pixel(100, 100), BLUE, "1.5 s after load");
  });

  it("darkMode switches a page that implements prefers-color-scheme", async () => {
    const light = await decode(await expectOk(await h.shoot({ url: "color-scheme.html", width: 200, height: 200 })));
    expectColor(light.pixel(100, 100), WHITE, "light");
    const dark = await decode(
      await expectOk(await h.shoot({ url: "color-scheme.html", width: 200, height: 200, darkMode: true })),
    );
    expectColor(dark.pixel(100, 100), BLACK, "dark");
    // A page without a dark style looks unchanged.
    const plain = await decode(
      await expectOk(await h.shoot({ url: "basic.html", width: 400, height: 400, darkMode: true })),
    );
    expectColor(plain.pixel(50, 50), WHITE, "page without dark style");
  });

  it("customCSS and customJS take effect, even under a strict Content-Security-Policy", async () => {
    const css = await decode(
      await expectOk(
        await h.shoot({
          url: "plain.html",
          width: 200,
          height: 200,
          customCSS: "html, body { background: #0000ff !important; }",
        }),
      ),
    );
    expectColor(css.pixel(150, 150), BLUE, "customCSS background");
    const js = await decode(
      await expectOk(
        await h.shoot({
          url: "plain.html",
          width: 200,
          height: 200,
          customJS:
            "await new Promise(r => setTimeout(r, 50)); document.getElementById('box').style.background = '#00ff00';",
        }),
      ),
    );
    expectColor(js.pixel(50, 50), GREEN, "box coloured by customJS");
    expectColor(js.pixel(150, 150), WHITE, "rest of the page");
  });

  it("captures a page that replaces itself by script right after load", async () => {
    for (const run of [1, 2, 3]) {
      const res = await h.shoot({
        url: `redirects-after-load.html?run=${run}`,
        width: 400,
        height: 400,
        waitForSelector: "#red",
      });
      const image = await decode(await expectOk(res));
      expectColor(image.pixel(200, 200), RED, `run ${run}: the page it moved to`);
    }
  });

  it("a customJS that throws is a 400 naming the error", async () => {
    const problem = await problemOf(
      await h.shoot({ url: "plain.html", customJS: "throw new Error('boom from the script')" }),
    );
    expect(problem).toMatchObject({ status: 400, code: "invalid_parameter", param: "customJS" });
    expect(problem.detail).toContain("boom from the script");
  });

  it("an invalid waitForSelector is a 400", async () => {
    const problem = await problemOf(await h.shoot({ url: "basic.html", waitForSelector: "div[" }));
    expect(problem).toMatchObject({ status: 400, code: "invalid_parameter", param: "waitForSelector" });
  });
});

describe("isolation (D9)", () => {
  it("gives every render a fresh context: no cookie or storage survives to the next", async () => {
    // Control: in the same page, what the fixture stored is seen (the check works).
    const same = await decode(
      await expectOk(await h.shoot({ url: "isolation.html?control", width: 100, height: 100, customJS: "check()" })),
    );
    expectColor(same.pixel(50, 50), RED, "same render sees its own cookie");
    for (const run of ["first", "second"]) {
      const image = await decode(
        await expectOk(await h.shoot({ url: `isolation.html?${run}`, width: 100, height: 100 })),
      );
      expectColor(image.pixel(50, 50), WHITE, `${run} render starts with nothing stored`);
    }
  });
});

describe("device presets (D8)", () => {
  it("sets the preset's size, pixel ratio, touch and a mobile user agent", async () => {
    const res = await h.shoot({ url: "mobile.html", device: "iphone-15" });
    const image = await decode(await expectOk(res));
    expect([image.width, image.height]).toEqual([393 * 3, 852 * 3]);
    const agent = h.fx.hits.filter((hit) => hit.path === "/mobile.html").at(-1)?.userAgent ?? "";
    expect(agent).toMatch(/iPhone.*Mobile/);
    expectColor(image.pixel(200 * 3, 200 * 3), RED, "red square at 3×");
    expectColor(image.pixel(200 * 3, 450 * 3), GREEN, "block shown only for (pointer: coarse)");
  });

  it("explicit width/height/deviceScale override the preset's", async () => {
    const image = await decode(
      await expectOk(await h.shoot({ url: "basic.html", device: "pixel-8", width: 500, deviceScale: 1 })),
    );
    expect([image.width, image.height]).toEqual([500, 915]);
    const agent = h.fx.hits.filter((hit) => hit.path === "/basic.html").at(-1)?.userAgent ?? "";
    expect(agent).toMatch(/Android 14; Pixel 8.*Mobile/);
  });
});

describe("response=json (D7)", () => {
  it("describes the stored image", async () => {
    const res = await h.shoot({
      url: "basic.html?json",
      width: 300,
      height: 200,
      deviceScale: 2,
      format: "webp",
      response: "json",
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      url: h.fx.url("basic.html?json"),
      width: 600,
      height: 400,
      format: "webp",
      cachedAt: null,
    });
    expect(body.imageUrl).toMatch(/\/v1\/files\/[0-9a-f]{64}\.webp$/);
    expect(body.size).toBe(Number(res.headers.get("x-image-size")));
    expect(typeof body.renderTime).toBe("number");
    expect(body.expiresAt).toBeGreaterThan(Date.now());
  });
});
