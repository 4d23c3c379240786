/**
 * The OG studio (D21) in a real browser: start from a built-in, see the live preview (a duplicate
 * of blog-post drawing the built-in's pixels), get a save error that names the line, save, render
 * the saved template through GET /v1/og with an API key, edit and restore a version — and another
 * account's key cannot use the template.
 */
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { exampleVariables } from "@/lib/og/catalog";
import { apiGet, createKeyInDashboard, setPlan, signInByEmail, uniqueEmail, waitForHydration } from "../support";

// A browser far from UTC: the studio's times must not follow it (#35 point 8).
test.use({ timezoneId: "America/New_York" });

test("design, preview, save and use an account template", async ({ page }) => {
  test.setTimeout(180_000);
  const email = uniqueEmail("studio");
  await signInByEmail(page, email);
  await setPlan(email, "pro");
  const key = await createKeyInDashboard(page, "studio");

  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "OG Templates" }).click();
  await expect(page).toHaveURL(/\/dashboard\/templates$/);
  await waitForHydration(page, "textarea");

  // Live preview of the starter (the default built-in), rendered by the server.
  const preview = page.getByRole("img", { name: "Template preview" });
  await expect(preview).toBeVisible({ timeout: 60_000 });

  // "Duplicate blog-post" previews the built-in's own card, pixel for pixel (#35 point 8): the
  // preview of the duplicate (with the built-in's examples) against GET /v1/og?template=blog-post.
  const shown = await preview.getAttribute("src");
  await page.getByLabel("Start from a built-in").selectOption("blog-post");
  await expect(page.locator("textarea[name=source]")).toHaveValue(/<text name="author" example="Ada Lovelace" \/>/);
  await expect(preview).not.toHaveAttribute("src", shown!, { timeout: 60_000 });
  const duplicated = await preview.evaluate(async (img: HTMLImageElement) => [
    ...new Uint8Array(await (await fetch(img.src)).arrayBuffer()),
  ]);
  const { bgColor: _bg, ...examples } = exampleVariables("blog-post");
  const builtIn = await apiGet(`/v1/og?template=blog-post&${new URLSearchParams(examples)}`, key);
  expect(builtIn.status).toBe(200);
  const rawPixels = (png: Buffer) => sharp(png).ensureAlpha().raw().toBuffer();
  const [duplicatePixels, builtInPixels] = await Promise.all([
    rawPixels(Buffer.from(duplicated)),
    rawPixels(Buffer.from(await builtIn.arrayBuffer())),
  ]);
  expect(duplicatePixels.equals(builtInPixels)).toBe(true);

  // A forbidden construct is refused on save with its line.
  const editor = page.getByLabel("Template source");
  await page.getByLabel("Name").fill("launch-card");
  await editor.fill(
    `<variables>\n  <text name="title" default="Hi" />\n</variables>\n<div>\n  <p onclick="x()">{{title}}</p>\n</div>`,
  );
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("alert").first()).toContainText(
    "Line 5: Event handler attributes (onclick) are not allowed.",
  );

  // A valid template: saved as version 1.
  const source = (bg: string) =>
    `<variables>\n  <text name="title" default="Launch day" required />\n  <color name="ink" default="#ff0000" />\n</variables>\n` +
    `<div style="background-color: ${bg}; width: 100%; height: 100%; align-items: center; justify-content: center">\n` +
    `  <div style="width: 300px; height: 300px; background-color: {{ink}}"></div>\n  <p style="font-size: 64px">{{title}}</p>\n</div>`;
  await editor.fill(source("#ffffff"));
  await page.getByLabel("Sample values (query string)").fill("title=Preview%20text");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toHaveText("Saved launch-card as version 1.");

  // Rendered through the real API with the account's key.
  const res = await apiGet("/v1/og?template=launch-card&ink=%230000ff", key);
  expect(res.status).toBe(200);
  const png = Buffer.from(await res.arrayBuffer());
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  expect([info.width, info.height]).toEqual([1200, 630]);
  expect([...data.subarray(0, 3)]).toEqual([255, 255, 255]);
  let blue = 0;
  for (let i = 0; i < data.length; i += 3) if (data[i] === 0 && data[i + 1] === 0 && data[i + 2] === 255) blue++;
  expect(blue).toBeGreaterThan(80_000);

  // An edit is version 2; restoring version 1 makes it version 3 with the first source.
  await editor.fill(source("#00ff00"));
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toHaveText("Saved launch-card as version 2.");
  // Version history in UTC like the rest of the dashboard (#35 point 8), whatever the browser's zone.
  await expect(page.getByText(/^v2 · [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2} UTC$/)).toBeVisible();
  await page.getByRole("button", { name: "Restore v1" }).click();
  await expect(page.getByRole("status")).toHaveText("Restored version 1 as version 3.");
  // The code editor (D33 point 8) keeps the hidden source field in step.
  await expect(page.locator("textarea[name=source]")).toHaveValue(source("#ffffff"));

  // The docs playground, signed in, offers the account's template after the built-ins and renders it (D21).
  await page.goto("/docs/og");
  const playground = page.getByTestId("playground-og");
  const option = playground.locator("[data-param=template] option", { hasText: "launch-card (yours)" });
  await expect(option).toHaveCount(1, { timeout: 30_000 });
  await playground.locator("[data-param=template]").selectOption("launch-card");
  await playground.locator("[data-variable=title]").fill("From the docs");
  await playground.getByTestId("render").click();
  await expect(playground.getByTestId("result-image")).toBeVisible({ timeout: 30_000 });
  const rendered = await playground
    .getByTestId("result-image")
    .evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
  expect(rendered).toEqual([1200, 630]);

  // The gallery lists it under "Your templates" with its variables.
  await page.goto("/docs/templates");
  const mine = page.locator("[data-account-template=launch-card]");
  await expect(mine).toBeVisible({ timeout: 30_000 });
  await expect(mine.locator("[data-variable-row=title]")).toBeVisible();
  await expect(mine.locator("[data-variable-row=ink]")).toBeVisible();

  // Another account cannot use it.
  const other = uniqueEmail("stranger");
  const otherPage = await page.context().browser()!.newPage();
  await signInByEmail(otherPage, other);
  const otherKey = await createKeyInDashboard(otherPage, "other");
  await setPlan(other, "pro");
  const refused = await apiGet("/v1/og?template=launch-card", otherKey);
  expect(refused.status).toBe(400);
  expect(((await refused.json()) as { code: string }).code).toBe("template_not_found");
  // Nor see it in its playground: its own list (empty) follows the built-ins.
  await otherPage.goto("/docs/og");
  await expect(otherPage.getByRole("link", { name: "Dashboard" }).first()).toBeVisible({ timeout: 30_000 });
  const listed = await otherPage.evaluate(async () => {
    const body = (await (await fetch("/api/playground/og/templates")).json()) as { templates: Array<{ name: string }> };
    return body.templates.map((t) => t.name);
  });
  expect(listed).toEqual([]);
  await otherPage.goto("/docs/templates");
  await expect(otherPage.getByTestId("account-templates")).toContainText("You have no templates of your own yet", {
    timeout: 30_000,
  });
  await expect(
    otherPage.getByTestId("playground-og").locator("[data-param=template] option", { hasText: "launch-card" }),
  ).toHaveCount(0);
  await otherPage.close();
});
