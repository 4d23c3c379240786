/**
 * #35 point 2 (D33): below Pro, OG Templates shows what Pro unlocks and the way to it instead of
 * an editor that cannot preview or save; Save is refused by the server too; the signed-URL
 * builder warns, before and after building, that its URLs answer 403 on this plan. Desktop and
 * phone, axe clean.
 */
import { expect, test } from "@playwright/test";
import { createSignableKeyInDashboard, e2e, signInByEmail, sql, uniqueEmail, userIdOf } from "../support";
import { seriousViolations, AXE_VIEWPORTS } from "../support/axe";

test.describe.configure({ timeout: 120_000 });

for (const [name, viewport] of AXE_VIEWPORTS) {
  test(`OG Templates on Free: what Pro unlocks and an upgrade link, no editor (${name})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signInByEmail(page, uniqueEmail(`og-gate-${name}`));
    await page.goto("/dashboard/templates");
    const gate = page.getByTestId("og-plan-gate");
    await expect(gate.getByRole("heading", { name: "Open Graph images are part of the Pro plan" })).toBeVisible();
    await expect(gate).toContainText("/v1/og");
    const upgrade = gate.getByRole("link", { name: "Upgrade to Pro" });
    await expect(upgrade).toHaveAttribute("href", "/dashboard/billing?plan=pro");
    await expect(page.getByLabel("Template source")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Save" })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await upgrade.click();
    await expect(page.locator("[data-plan=pro]")).toHaveClass(/ring-brand-500/);
  });
}

test("the studio's Save and Restore are refused on Free by the server, as problem+json", async ({ page }) => {
  const email = uniqueEmail("og-gate-save");
  await signInByEmail(page, email);
  const source = `<variables>\n  <text name="title" default="Hi" />\n</variables>\n<div>{{title}}</div>`;
  for (const body of [
    { action: "save", name: "sneaky", source },
    { action: "restore", name: "sneaky", version: 1 },
    { action: "preview", source },
  ]) {
    const res = await page.request.post("/api/og-studio", { data: body, headers: { Origin: e2e.appUrl } });
    expect(res.status(), body.action).toBe(403);
    expect(res.headers()["content-type"]).toContain("application/problem+json");
    expect(await res.json()).toMatchObject({
      code: "plan_upgrade_required",
      detail: "Open Graph templates need the Pro plan or higher.",
    });
  }
  const userId = await userIdOf(email);
  expect(await sql("SELECT 1 FROM og_templates WHERE user_id = $1", [userId])).toEqual([]);
});

test("the signed-URL builder warns on Free that its OG URLs answer 403, before and after building", async ({
  page,
}) => {
  await signInByEmail(page, uniqueEmail("og-gate-url"));
  await createSignableKeyInDashboard(page, "site");
  await page.goto("/dashboard/keys");
  const builder = page.getByTestId("url-builder");
  const warning = builder.locator(".url-builder-plan");
  await expect(warning).toHaveCount(1);
  await expect(warning).toContainText("On the Free plan these URLs answer 403 plan_upgrade_required");
  // The billing page's upgrade section (#51): its checkout when billing is on, as in the e2e app.
  await expect(warning.getByRole("link", { name: "Upgrade to Pro" })).toHaveAttribute(
    "href",
    "/dashboard/billing?plan=pro#upgrade",
  );
  await builder.getByRole("button", { name: "Build signed URL" }).click();
  const url = await builder.getByTestId("signed-url").inputValue();
  await expect(warning).toHaveCount(2);
  // The warning is true: the URL it built answers 403.
  const res = await fetch(url);
  expect(res.status).toBe(403);
  expect(((await res.json()) as { code: string }).code).toBe("plan_upgrade_required");
  expect(await seriousViolations(page)).toEqual([]);
});
