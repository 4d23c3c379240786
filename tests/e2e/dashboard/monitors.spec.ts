/**
 * #31 point 4 (D27): a customer watches a page from the dashboard, through the production server
 * and its own job workers and schedule: create a monitor of a page, see its first run take the
 * baseline in the timeline, run it now, see the before/after comparison, pause it and delete it.
 * The Monitors page and a monitor's page (timeline, before/after slider) pass axe on a desktop and
 * a phone, each scanned as it is with a monitor, its runs and the comparison shown.
 *
 * Issue 51.1 and 51.9: a page that is different at every load, run three times — each run's
 * before/after are two different images that stay as they were after later runs (the "before" of
 * a run is the "after" of the one it compared with, byte for byte), and the Monitors list says
 * each monitor's last run.
 */
import { expect, type Page, test } from "@playwright/test";
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
  // Delete asks first: Cancel keeps the monitor, the dialog's own button deletes it.
  const fixture = page.getByTestId("monitor").filter({ hasText: "Fixture page" });
  await fixture.getByRole("button", { name: "Delete monitor Fixture page" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(fixture).toHaveCount(1);
  await fixture.getByRole("button", { name: "Delete monitor Fixture page" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete monitor" }).click();
  await expect(page.getByTestId("monitor")).toHaveCount(0);
});

/** The bytes of the before and after images the monitor's page shows now. */
async function beforeAfter(page: Page): Promise<{ before: Buffer; after: Buffer; urls: string[] }> {
  const compare = page.getByTestId("before-after");
  const urls = await Promise.all(
    ["Before: the baseline", "After: this run's capture"].map(
      async (alt) => (await compare.getByAltText(alt).getAttribute("src"))!,
    ),
  );
  const [before, after] = await Promise.all(
    urls.map(async (url) => {
      const response = await page.request.get(url);
      expect(response.status(), url).toBe(200);
      return response.body();
    }),
  );
  return { before, after, urls };
}

async function runAndWait(page: Page, runs: number): Promise<void> {
  await waitForHydration(page, "[data-testid^=monitor-buttons] button");
  await page.getByRole("button", { name: "Run now" }).click();
  await expect(page.getByText("Run asked for")).toBeVisible();
  await expect
    .poll(
      async () => {
        await page.reload();
        const all = page.getByTestId("run");
        return (await all.count()) === runs ? all.first().textContent() : "";
      },
      { timeout: 90_000, intervals: [1_000] },
    )
    .toContain("Changed");
}

test("a page that changes at every load: each run's before and after differ and stay as they were; the list says the last run", async ({
  page,
}) => {
  await signInByEmail(page, uniqueEmail("monitor-history"));
  await page.goto("/dashboard/monitors");
  await waitForHydration(page, "input[name=url]");
  const form = page.getByTestId("create-monitor");
  await form.getByLabel("Page to watch").fill(`${e2e.fixturesUrl}/clock.html`);
  await form.getByLabel(/Name/).fill("Clock page");
  // The e2e server has a mail server: alerts are ticked, and no warning.
  await expect(form.getByRole("checkbox", { name: /E-mail alerts to/ })).toBeChecked();
  await expect(form.getByTestId("alert-mail-off")).toHaveCount(0);
  await form.getByRole("button", { name: "Create monitor" }).click();
  await expect(form.getByRole("status")).toContainText("Created");

  const item = page.getByTestId("monitor").filter({ hasText: "Clock page" });
  await expect
    .poll(
      async () => {
        await page.reload();
        return item.getByTestId("last-run").textContent();
      },
      { timeout: 90_000, intervals: [1_000] },
    )
    .toMatch(/^Last run .+: baseline taken$/);
  await item.getByRole("link", { name: "Clock page" }).click();
  await expect(page.getByRole("heading", { name: "Clock page" })).toBeVisible();

  await runAndWait(page, 2);
  const second = await beforeAfter(page);
  expect(second.before.equals(second.after), "the run's before and after are different pictures").toBe(false);
  const secondRun = await page.getByTestId("run").first().locator("a").getAttribute("href");

  await runAndWait(page, 3);
  const third = await beforeAfter(page);
  expect(third.before.equals(third.after)).toBe(false);
  // The third run compared with the second's capture: the same file, the same bytes.
  expect(third.urls[0]).toBe(second.urls[1]);
  expect(third.before.equals(second.after)).toBe(true);
  // The second run, shown again after the third captured the page: its images as they were.
  await page.goto(secondRun!);
  const again = await beforeAfter(page);
  expect(again.urls).toEqual(second.urls);
  expect(again.before.equals(second.before) && again.after.equals(second.after)).toBe(true);

  await page.goto("/dashboard/monitors");
  await expect(item.getByTestId("last-run")).toHaveText(/^Last run .+: changed \d+(\.\d+)? %$/);
  await waitForHydration(page, "[data-testid^=monitor-buttons] button");
  await item.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete monitor" }).click();
  await expect(item).toHaveCount(0);
});
