/**
 * #31 point 4 (D27): a customer watches a page from the dashboard, through the production server
 * and its own job workers and schedule: create a monitor of a page, see its first run take the
 * baseline in the timeline, run it now, see the before/after comparison, pause it and delete it.
 * The Monitors page and a monitor's page (timeline, before/after slider) pass axe on a desktop and
 * a phone, each scanned as it is with a monitor, its runs and the comparison shown.
 */
import { expect, test } from "@playwright/test";
import { e2e, signInByEmail, uniqueEmail, waitForHydration } from "../support";
import { violationsAtEveryViewport } from "../support/axe";

test.describe.configure({ timeout: 180_000 });

test("watch a page: create, runs with thumbnails, before/after, pause, delete", async ({ page }) => {
  await signInByEmail(page, uniqueEmail("monitors"));
  await page.goto("/dashboard/monitors");
  await waitForHydration(page, "input[name=url]");

  const form = page.getByTestId("create-monitor");
  await form.getByLabel("Page to watch").fill(`${e2e.fixturesUrl}/index.html`);
  await form.getByLabel(/Name/).fill("Fixture page");
  await form.getByRole("button", { name: "Create monitor" }).click();
  await expect(form.getByRole("status")).toContainText("Created");

  const item = page.getByTestId("monitor").filter({ hasText: "Fixture page" });
  await expect(item).toContainText("Active");
  expect(await violationsAtEveryViewport(page), "axe on the Monitors page").toEqual({});
  await item.getByRole("link", { name: "Fixture page" }).click();
  await expect(page.getByRole("heading", { name: "Fixture page" })).toBeVisible();

  // The first run takes the baseline; the timeline shows it with its capture as a thumbnail.
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.getByTestId("run").first().textContent();
      },
      { timeout: 90_000, intervals: [1_000] },
    )
    .toContain("Baseline");
  await expect(page.getByTestId("run").first().locator("img")).toHaveAttribute(
    "src",
    /\/v1\/files\/[0-9a-f]{64}\.png$/,
  );

  await waitForHydration(page, "[data-testid^=monitor-buttons] button");
  await page.getByRole("button", { name: "Run now" }).click();
  await expect(page.getByText("Run asked for")).toBeVisible();
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.getByTestId("run").count();
      },
      { timeout: 90_000, intervals: [1_000] },
    )
    .toBe(2);
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.getByTestId("run").first().textContent();
      },
      { timeout: 90_000, intervals: [1_000] },
    )
    .toContain("No change");
  // Before and after of the run that compared: both images and the slider.
  const compare = page.getByTestId("before-after");
  await expect(compare.getByAltText("Before: the baseline")).toBeVisible();
  await expect(compare.getByAltText("After: this run's capture")).toBeVisible();
  await compare.getByRole("slider").fill("20");
  expect(await violationsAtEveryViewport(page), "axe on the monitor's page").toEqual({});

  await waitForHydration(page, "[data-testid^=monitor-buttons] button");
  await page.getByRole("button", { name: "Pause" }).click();
  await expect(page.getByRole("button", { name: "Resume" })).toBeVisible();
  await page.goto("/dashboard/monitors");
  await expect(page.getByTestId("monitor").filter({ hasText: "Fixture page" })).toContainText("Paused");
  await waitForHydration(page, "[data-testid^=monitor-buttons] button");
  await page.getByTestId("monitor").filter({ hasText: "Fixture page" }).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByTestId("monitor")).toHaveCount(0);
});
