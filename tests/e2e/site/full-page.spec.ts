/**
 * Pages of any height and the completeness report through the production server (D36): a
 * Business key captures all 40,000 CSS px of the bands page (tiles stitched by sharp in the
 * built server), every band at its place; the report travels as headers and JSON; a Free key's
 * requireComplete=true is the documented, uncharged 422 capture_incomplete; the guarantees page
 * is in the docs navigation.
 */
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { e2e } from "../support";
import { newUserKey } from "./helpers";

const bands = `${e2e.fixturesUrl}/shared/screenshot/bands.html`;
const shoot = (key: string, query: Record<string, string>) =>
  fetch(
    `${e2e.appUrl}/v1/screenshot?${new URLSearchParams({ url: bands, fullPage: "true", width: "100", height: "2000", ...query })}`,
    {
      headers: { "X-API-Key": key },
    },
  );

test.describe("full pages of any height", () => {
  test("a Business key gets the whole 40,000 px page, complete; a Free key's requireComplete is an uncharged 422", async ({
    browser,
  }) => {
    const business = await newUserKey(browser, "business");
    const res = await shoot(business, {});
    expect(res.status).toBe(200);
    expect(res.headers.get("x-capture-complete")).toBe("true");
    const { data, info } = await sharp(Buffer.from(await res.arrayBuffer()))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([100, 40_000]);
    // Both sides of every seam between tiles (8,192 rows each) and a band in between.
    for (const y of [8_191, 8_192, 16_383, 16_384, 24_575, 24_576, 32_767, 32_768, 39_999]) {
      const band = Math.floor(y / 100);
      const at = (y * info.width + 50) * 3;
      expect([data[at], data[at + 1], data[at + 2]], `row ${y}`).toEqual([
        (band % 20) * 13,
        Math.floor(band / 20) * 13,
        77,
      ]);
    }

    const free = await newUserKey(browser, "free");
    const meta = await shoot(free, { response: "json" });
    const body = (await meta.json()) as { height: number; completeness: { reasons: string[]; heightLimit: unknown } };
    expect(body.height).toBe(16_384);
    expect(body.completeness).toMatchObject({ reasons: ["height_limit"], heightLimit: { height: 16_384, by: "plan" } });
    const used = Number(meta.headers.get("x-quota-remaining"));

    const refused = await shoot(free, { requireComplete: "true", fresh: "true" });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { code: string }).code).toBe("capture_incomplete");
    expect(refused.headers.get("x-capture-incomplete")).toBe("height_limit");
    expect(Number(refused.headers.get("x-quota-remaining"))).toBe(used);
  });

  test("the guarantees page is in the docs navigation", async ({ page }) => {
    await page.goto("/docs");
    await page.getByRole("link", { name: "What we guarantee" }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "What we guarantee" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Full pages of any height" })).toBeVisible();
  });
});
