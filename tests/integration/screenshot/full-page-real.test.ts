/**
 * A real long page captured whole (D36): PostgreSQL's SELECT reference, as Debian ships it (about
 * 20,500 CSS px at 800 px wide, past Chromium's 16,384), compared row by row with a reference made
 * the plain way — a separate Chromium scrolls one screen at a time and the screens are put one
 * under the other.
 */
import { existsSync } from "node:fs";
import puppeteer from "puppeteer-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DebianDocsServer, RECALL_PAGES, ensureDebianDocs, serveDebianDocs } from "@/tests/support/debian-docs";
import { expectOk, screenshotHarness } from "@/tests/support/screenshot-harness";

const WIDTH = 800;
const SCREEN = 1000;

let docs: DebianDocsServer;

beforeAll(async () => {
  ensureDebianDocs(["postgresql-doc-15"]);
  docs = await serveDebianDocs();
}, 600_000);
// Registered before the harness, so the docs' server stops after it.
afterAll(async () => docs?.close());
const h = screenshotHarness(() => ({ allowOrigins: [docs.origin] }));

const chromium = ["/usr/lib/chromium/chromium", "/usr/bin/chromium"].find((path) => existsSync(path));

/** The page scrolled one screen at a time in its own Chromium, the screens' rows one under the other (raw RGB). */
async function scrollAndConcatenate(url: string): Promise<{ height: number; rows: Buffer }> {
  const browser = await puppeteer.launch({ executablePath: chromium, args: ["--no-sandbox", "--hide-scrollbars"] });
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: WIDTH, height: SCREEN });
    await page.goto(url, { waitUntil: "load" });
    const height = (await page.evaluate("document.documentElement.scrollHeight")) as number;
    const rows = Buffer.alloc(WIDTH * height * 3);
    for (let y = 0; y < height; y += SCREEN) {
      await page.evaluate(`window.scrollTo(0, ${y})`);
      const scrolled = (await page.evaluate("window.scrollY")) as number;
      const screen = await sharp(Buffer.from(await page.screenshot({ type: "png" })))
        .removeAlpha()
        .raw()
        .toBuffer();
      // The last screen stops at the bottom: only its rows below what is already there are new.
      const from = y - scrolled;
      const to = Math.min(SCREEN, height - scrolled);
      screen.copy(rows, y * WIDTH * 3, from * WIDTH * 3, to * WIDTH * 3);
    }
    return { height, rows };
  } finally {
    await browser.close();
  }
}

describe("a real documentation page, whole", () => {
  it("is the same, row for row, as scrolling it and putting the screens together", async () => {
    const url = `${docs.origin}${RECALL_PAGES.postgresSelect}`;
    const res = await h.shoot({ url, fullPage: true, width: WIDTH, height: SCREEN });
    const { data, info } = await sharp(await expectOk(res))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const reference = await scrollAndConcatenate(url);
    expect(reference.height).toBeGreaterThan(16_384);
    expect([info.width, info.height]).toEqual([WIDTH, reference.height]);
    const rowBytes = WIDTH * 3;
    let differing = 0;
    for (let y = 0; y < info.height; y++) {
      const offset = y * rowBytes;
      if (data.compare(reference.rows, offset, offset + rowBytes, offset, offset + rowBytes) !== 0) differing++;
    }
    expect(differing).toBe(0);
    expect(res.headers.get("x-capture-complete")).toBe("true");
  });
});
