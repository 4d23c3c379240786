import { expect, test } from "@playwright/test";
import { apiGet, createKeyInDashboard, sql, signInByEmail, uniqueEmail } from "../support";

function utcDaysAgo(days: number): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - days, 12));
}

function dayLabel(date: Date): string {
  return new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short", day: "numeric" }).format(date);
}

test.describe("usage", () => {
  test("a new account sees empty states", async ({ page }) => {
    await signInByEmail(page, uniqueEmail("empty"));
    await expect(page.getByRole("heading", { name: "Create your first API key" })).toBeVisible();
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Usage" }).click();
    await expect(page.getByText("No requests in the last 30 days.")).toBeVisible();
    await expect(page.getByRole("progressbar", { name: "Renders counted this month" })).toHaveAttribute(
      "aria-valuetext",
      "0 of 100 renders",
    );
  });

  test("requests, renders and cache-hit ratio per day, and this month's quota", async ({ page }) => {
    const email = uniqueEmail("usage");
    await signInByEmail(page, email);
    const key = await createKeyInDashboard(page, "usage key");

    // Three real requests today (answered 400 after authentication, so no render).
    for (let i = 0; i < 3; i++) expect((await apiGet("/v1/screenshot", key)).status).toBe(400);
    const [{ id: userId }] = await sql<{ id: string }>("SELECT id FROM users WHERE email = $1", [email]);
    await expect
      .poll(async () => (await sql("SELECT 1 FROM usage_events WHERE user_id = $1", [userId])).length)
      .toBe(3);

    // History: five days ago, 2 renders and 4 cache hits; and renders already counted this month.
    const past = utcDaysAgo(5);
    for (const cache of ["MISS", "MISS", "HIT", "HIT", "HIT", "HIT"]) {
      await sql(
        "INSERT INTO usage_events (user_id, endpoint, status, cache, created_at) VALUES ($1, 'screenshot', 200, $2, $3)",
        [userId, cache, past],
      );
    }
    // Their renders, counted against the quota on that day (the one count the page shows, #51).
    await sql("INSERT INTO daily_renders (user_id, day, renders) VALUES ($1, $2::date, 2)", [userId, past]);
    const month = new Date().toISOString().slice(0, 7);
    await sql("UPDATE monthly_usage SET renders = 42 WHERE user_id = $1 AND month = $2", [userId, month]);

    await page.goto("/dashboard/usage");
    await expect(page.getByRole("progressbar", { name: "Renders counted this month" })).toHaveAttribute(
      "aria-valuetext",
      "42 of 100 renders",
    );
    await expect(page.getByTestId("month-requests")).toContainText("3 requests this month");
    const chart = page.getByTestId("usage-chart");
    await expect(chart).toBeVisible();
    await expect(chart).toHaveAttribute(
      "aria-label",
      /^9 requests in the last 30 days, 4 served from cache \(hit ratio 67%\); 2 renders counted against the quota\./,
    );

    await page.getByText("Show the numbers as a table").click();
    const table = page.getByTestId("usage-table");
    await expect(table.getByRole("row").filter({ hasText: dayLabel(past) })).toHaveText(/6\s*2\s*4\s*67%/);
    await expect(table.getByRole("row").filter({ hasText: dayLabel(utcDaysAgo(0)) })).toHaveText(/3\s*0\s*0\s*—/);
    await expect(table.getByRole("row")).toHaveCount(31);

    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Overview" }).click();
    await expect(page.getByRole("region", { name: "Requests, last 30 days" })).toContainText("9");

    // From 80 % of the month's renders (D18) every dashboard page carries a banner that leads to billing.
    const banner = page.getByTestId("quota-banner");
    await expect(banner).toHaveCount(0);
    await sql("UPDATE monthly_usage SET renders = 85 WHERE user_id = $1 AND month = $2", [userId, month]);
    await page.goto("/dashboard/keys");
    await expect(banner).toHaveText("You have used 85 of this month's 100 renders. Upgrade");
    await expect(banner.getByRole("link", { name: "Upgrade" })).toHaveAttribute("href", "/dashboard/billing");
    await sql("UPDATE monthly_usage SET renders = 100 WHERE user_id = $1 AND month = $2", [userId, month]);
    await page.goto("/dashboard/usage");
    await expect(banner).toContainText(
      "All 100 renders of this month are used: new renders get 429 quota_exceeded until the month ends",
    );
  });
});
