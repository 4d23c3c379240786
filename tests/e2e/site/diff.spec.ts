/**
 * /v1/diff through the production server (#31 point 4, D27): the playground on /docs/monitors
 * compares two pages with a visitor's key and shows the JSON and the diff image the API stored —
 * the changed heading found, an unchanged page no change; pricing shows the monitors per plan.
 */
import { expect, test } from "@playwright/test";
import { monitorAllowance, PLAN_IDS, PLANS } from "@/lib/plans";
import { e2e } from "../support";
import { newUserKey } from "./helpers";

test("the /v1/diff playground compares two pages and shows the diff image", async ({ browser, page }) => {
  test.setTimeout(120_000);
  const key = await newUserKey(browser, "free");
  await page.goto("/docs/monitors");
  const playground = page.getByTestId("playground-diff");
  await playground.getByTestId("playground-api-key").fill(key);
  await playground.locator("[data-param=url]").fill(`${e2e.fixturesUrl}/changed.html`);
  await playground.locator("[data-param=compareUrl]").fill(`${e2e.fixturesUrl}/index.html`);
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === "/v1/diff", { timeout: 90_000 });
  await playground.getByTestId("render").click();
  const response = await answered;
  expect(response.status()).toBe(200);
  const body = (await response.json()) as {
    changedRatio: number;
    boxes: Array<{ x: number; y: number; width: number; height: number }>;
    diffImageUrl: string;
  };
  // Only the heading's text differs ("Hello again from …" against "Hello from …"): a small share of
  // the viewport, in boxes within the heading's line (48 px down, 40-px type) — the words after the
  // insertion moved, so the changed glyphs may form more than one region.
  expect(body.changedRatio).toBeGreaterThan(0);
  expect(body.changedRatio).toBeLessThan(0.05);
  expect(body.boxes.length).toBeGreaterThanOrEqual(1);
  for (const box of body.boxes) {
    expect(box.y, JSON.stringify(box)).toBeGreaterThanOrEqual(40);
    expect(box.y + box.height, JSON.stringify(box)).toBeLessThanOrEqual(110);
  }

  await expect(playground.getByTestId("response-status")).toHaveText("200");
  await expect(playground.getByTestId("result-json")).toContainText('"changedRatio"');
  const image = playground.getByAltText(/^What changed on /);
  await expect(image).toHaveAttribute("src", body.diffImageUrl);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1280);

  // The same page twice is no change.
  await playground.locator("[data-param=url]").fill(`${e2e.fixturesUrl}/index.html`);
  const again = page.waitForResponse((r) => new URL(r.url()).pathname === "/v1/diff", { timeout: 90_000 });
  await playground.getByTestId("render").click();
  expect(await (await again).json()).toMatchObject({ changedRatio: 0, boxes: [] });
});

test("pricing shows each plan's monitors and how often they may run, and that a run is a render", async ({ page }) => {
  await page.goto("/pricing");
  const row = page.getByTestId("plan-comparison").locator("[data-limit='Page monitors']");
  // Free 1 daily … Business 250 every 5 minutes: the figures of lib/plans.ts (D27).
  await expect(row.locator("td")).toHaveText(
    PLAN_IDS.map((id) => monitorAllowance(PLANS[id]).replace(", checked at most ", ", ")),
  );
  await expect(row.locator("th")).toContainText("each run is a render");
});
