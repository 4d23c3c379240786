/**
 * #35 point 3 (D33), on a phone (390×844) and a desktop: the compare-plans table shows all four
 * plans beside the feature names and keeps their names on top while it scrolls; the dashboard's
 * tabs all show; the plan badge stays; the request log shows Status and Error. axe stays clean.
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { apiGet, createAccount, createKeyInDashboard, signInByEmail, sql, uniqueEmail, userIdOf } from "../support";
import { seriousViolations, AXE_VIEWPORTS } from "../support/axe";

test.describe.configure({ timeout: 120_000 });

const TABS = [
  "Overview",
  "API Keys",
  "Usage",
  "Billing",
  "OG Templates",
  "Brand kit",
  "Monitors",
  "Crawls",
  "Webhooks",
  "Profiles",
  "Storage",
  "Account",
];

/** The element is drawn entirely inside the window, no scrolling sideways needed. */
async function expectOnScreen(page: Page, element: Locator, what: string) {
  const box = await element.boundingBox();
  const width = page.viewportSize()!.width;
  expect(box, what).not.toBeNull();
  expect(box!.x, what).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, what).toBeLessThanOrEqual(width + 0.5);
}

for (const [name, viewport] of AXE_VIEWPORTS) {
  test(`compare plans: every plan column visible, names stuck on top while it scrolls (${name})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto("/pricing");
    const table = page.getByTestId("plan-comparison");
    const region = page.getByRole("region", { name: "Plan comparison" });
    await region.scrollIntoViewIfNeeded();
    for (const plan of ["Free", "Starter", "Pro", "Business"]) {
      await expectOnScreen(page, table.getByRole("columnheader", { name: plan, exact: true }), plan);
    }
    // Scrolled inside its box, the plan names stay at the box's top edge.
    await region.evaluate((el) => (el.scrollTop = 800));
    await expect.poll(() => region.evaluate((el) => el.scrollTop)).toBeGreaterThan(400);
    const boxTop = (await region.boundingBox())!.y;
    const header = table.getByRole("columnheader", { name: "Business", exact: true });
    await expect.poll(async () => Math.abs((await header.boundingBox())!.y - boxTop)).toBeLessThan(3);
    // And the rows under it are not cut: the last row's cells are on screen once scrolled to.
    const last = table.locator("tbody tr").last();
    await last.scrollIntoViewIfNeeded();
    await expectOnScreen(page, last.locator("td").last(), "last row, Business");
    expect(await seriousViolations(page)).toEqual([]);
  });

  test(`dashboard: every tab, the plan badge, and the log's Status and Error on screen (${name})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const email = uniqueEmail(`phone-${name}`);
    await signInByEmail(page, email);
    const key = await createKeyInDashboard(page, "phone");
    const nav = page.getByRole("navigation", { name: "Dashboard" });
    for (const tab of TABS) await expectOnScreen(page, nav.getByRole("link", { name: tab, exact: true }), tab);
    await expectOnScreen(page, page.getByTestId("plan-badge"), "plan badge");
    await expect(page.getByTestId("plan-badge")).toHaveText("Free plan");

    expect((await apiGet("/v1/og?template=default&title=x", key)).status).toBe(403);
    const userId = await userIdOf(email);
    await expect
      .poll(async () => (await sql("SELECT 1 FROM usage_events WHERE user_id = $1", [userId])).length, {
        timeout: 20_000,
      })
      .toBe(1);
    await page.goto("/dashboard/usage/log");
    const table = page.getByTestId("request-log");
    await expect(table.locator("tbody tr")).toHaveCount(1);
    for (const column of ["Time", "Status", "Error", "Endpoint"]) {
      await expectOnScreen(page, table.getByRole("columnheader", { name: column, exact: true }), column);
    }
    await expectOnScreen(page, table.getByRole("link", { name: "plan_upgrade_required" }), "error code");
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test("a team's members on a phone: the table scrolls in its card, the page never sideways", async ({ page }) => {
  // Issue 51's walk at 390 px: the row's screen-reader-only labels (positioned absolutely) escaped
  // the card's scrolling and made the whole Team page 157 px wider than the phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await signInByEmail(page, uniqueEmail("phone-team"));
  await page.goto("/dashboard/team");
  await page.getByLabel("Team name").fill("Phone team");
  await page.getByRole("button", { name: "Create team" }).click();
  await expect(page.getByLabel("Workspace").locator("option:checked")).toHaveText("Phone team");
  const member = await createAccount(uniqueEmail("phone-member"));
  const team = await page.getByLabel("Workspace").inputValue();
  await sql("INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, 'developer')", [team, member]);
  await page.reload();
  await expect(page.getByTestId("member-row")).toHaveCount(2);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
});
