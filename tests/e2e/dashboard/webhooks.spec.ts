/**
 * #18 webhooks in the dashboard (D20): the default URL is checked like a capture URL when saved
 * (a loopback address that is not allow-listed is refused), the signing secret is shown and
 * rolls, a test event is sent, and the delivery log shows what the running server's dispatcher
 * sent: the test event, a delivery to a receiver answering 200, and one to a receiver answering
 * 404 with its failed attempt, and a failed one sent again on request; the page passes axe. In a
 * team (D28), the secret reaches only the roles that manage webhooks: a viewer's or billing
 * member's page holds no trace of it, and the removal control suggests rolling it for a member
 * who could see it.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { e2e, signInByEmail, sql, teamOfTwo, uniqueEmail, userIdOf, waitForHydration } from "../support";

test.describe.configure({ timeout: 120_000 });

test("default URL, signing secret and the delivery log", async ({ page }) => {
  const email = uniqueEmail("hooks");
  await signInByEmail(page, email);
  const userId = await userIdOf(email);

  await page.goto("/dashboard/webhooks");
  await waitForHydration(page, "input[name=url]");
  const secretField = page.getByLabel("Signing secret", { exact: true });
  const secret = await secretField.inputValue();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);

  const urlForm = page.getByTestId("webhook-url");
  await urlForm.getByLabel(/Default webhook URL/).fill("http://127.0.0.1:9/hooks");
  await urlForm.getByRole("button", { name: "Save URL" }).click();
  await expect(urlForm.getByRole("alert")).toContainText("non-public address");
  expect(await sql("SELECT url FROM webhook_settings WHERE user_id = $1 AND url IS NOT NULL", [userId])).toEqual([]);

  // The fixture server is on the app's ALLOW_PRIVATE_ORIGINS and answers a POST to / with 200.
  await urlForm.getByLabel(/Default webhook URL/).fill(`${e2e.fixturesUrl}/`);
  await urlForm.getByRole("button", { name: "Save URL" }).click();
  await expect(urlForm.getByRole("status")).toContainText("Saved");
  expect(await sql("SELECT url FROM webhook_settings WHERE user_id = $1", [userId])).toEqual([
    { url: `${e2e.fixturesUrl}/` },
  ]);

  // A test event to the saved URL: queued, sent by the server's dispatcher, shown delivered below.
  await page.getByTestId("webhook-test").getByRole("button", { name: "Send a test event" }).click();
  await expect(page.getByTestId("webhook-test").getByRole("status")).toContainText("Queued as msg_");
  await expect
    .poll(
      async () =>
        (
          await sql("SELECT state FROM webhook_deliveries WHERE user_id = $1 AND event_type = 'webhook.test'", [userId])
        ).map((r) => r.state),
      { timeout: 30_000 },
    )
    .toEqual(["delivered"]);

  await page.getByTestId("webhook-secret").getByRole("button", { name: "Roll signing secret" }).click();
  await expect(page.getByTestId("webhook-secret").getByRole("status")).toContainText("Rolled");
  await expect(secretField).not.toHaveValue(secret);
  await expect(secretField).toHaveValue(/^whsec_/);
  await expect(page.getByTestId("previous-secret-until")).toContainText("UTC");

  // Two deliveries as the jobs module records them; the server's dispatcher sends them.
  for (const [id, url] of [
    ["msg_e2e_ok_" + userId, `${e2e.fixturesUrl}/`],
    ["msg_e2e_404_" + userId, `${e2e.fixturesUrl}/no-such-receiver`],
  ]) {
    await sql(
      `INSERT INTO webhook_deliveries (id, user_id, event_type, url, body, next_attempt_at) VALUES ($1, $2, 'job.succeeded', $3, '{"type":"job.succeeded"}', now())`,
      [id, userId, url],
    );
  }
  await expect
    .poll(
      async () =>
        (
          await sql("SELECT count(*)::int AS n FROM webhook_attempts WHERE delivery_id LIKE $1", [`msg_e2e_%${userId}`])
        )[0]!.n,
      { timeout: 30_000 },
    )
    .toBe(2);

  await page.goto("/dashboard/webhooks");
  const log = page.getByTestId("delivery-log");
  const ok = log.locator("li").filter({ hasText: "delivered" }).filter({ hasText: "job.succeeded" });
  await expect(log.locator("li").filter({ hasText: "webhook.test" })).toContainText("delivered");
  const failing = log.locator("li").filter({ hasText: "pending" });
  await expect(ok).toHaveCount(1);
  await expect(failing).toHaveCount(1);
  await failing.locator("summary").click();
  await expect(failing.locator("tbody tr")).toHaveCount(1);
  await expect(failing.locator("tbody tr")).toContainText("Answered 404");
  await expect(failing).toContainText(`msg_e2e_404_${userId}`);
  await ok.locator("summary").click();
  await expect(ok.locator("tbody tr")).toContainText("200");

  // A delivery that ran out of attempts is sent again from the log.
  const failedId = `msg_e2e_failed_${userId}`;
  await sql(
    `INSERT INTO webhook_deliveries (id, user_id, event_type, url, body, state, attempts, finished_at) VALUES ($1, $2, 'job.failed', $3, '{"type":"job.failed"}', 'failed', 8, now())`,
    [failedId, userId, `${e2e.fixturesUrl}/`],
  );
  await page.goto("/dashboard/webhooks");
  const failed = log.locator("li").filter({ hasText: failedId });
  await failed.locator("summary").click();
  await failed.getByRole("button", { name: "Send again" }).click();
  // The log refreshes: the delivery is pending again (its button gone), then delivered.
  await expect(failed.getByRole("button", { name: "Send again" })).toHaveCount(0);
  await expect
    .poll(async () => (await sql("SELECT state FROM webhook_deliveries WHERE id = $1", [failedId]))[0]!.state, {
      timeout: 30_000,
    })
    .toBe("delivered");
  await page.reload();
  await log.locator("li").filter({ hasText: failedId }).locator("summary").click();
  await expect(log.locator("li").filter({ hasText: failedId }).locator("tbody tr")).toContainText("200");
  await ok.locator("summary").click();

  // The page with its log open passes axe like the public pages (tests/e2e/site/accessibility.spec.ts).
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
});

test("in a team, only the roles that manage webhooks are sent the signing secret", async ({ browser }) => {
  // A team with the owner and the member; both act for it (the cookie the workspace switcher sets).
  const { owner, member, memberEmail, setRole } = await teamOfTwo(browser, "hooks", "viewer");

  await owner.goto("/dashboard/webhooks");
  const secret = await owner.getByLabel("Signing secret", { exact: true }).inputValue();
  expect(secret).toMatch(/^whsec_/);

  for (const role of ["viewer", "billing"]) {
    await setRole(role);
    // Not hidden by the browser: absent from the HTML and from the RSC payload a navigation fetches.
    const html = await (await member.goto("/dashboard/webhooks"))!.text();
    await expect(member.getByTestId("webhook-secret-withheld")).toContainText("Only owners, admins and developers");
    await expect(member.getByLabel("Signing secret", { exact: true })).toHaveCount(0);
    const rsc = await (await member.request.get("/dashboard/webhooks", { headers: { RSC: "1" } })).text();
    for (const body of [html, rsc, await member.content()]) {
      expect(body, role).not.toContain(secret);
      expect(body, role).not.toContain("whsec_");
    }
  }
  await setRole("developer");
  await member.goto("/dashboard/webhooks");
  await expect(member.getByLabel("Signing secret", { exact: true })).toHaveValue(secret);

  // Removing a member who could see it suggests rolling it, in the removal dialog; for a viewer
  // there is nothing to roll. The dialog is cancelled: the member stays.
  await owner.goto("/dashboard/team");
  const row = owner.getByTestId("member-row").filter({ hasText: memberEmail });
  await row.getByRole("button", { name: /^Remove/ }).click();
  const dialog = row.getByTestId("remove-member-dialog");
  await expect(dialog.getByTestId("webhook-secret-roll-hint")).toContainText("could see the webhook signing secret");
  await expect(dialog.getByRole("link", { name: "roll it" })).toHaveAttribute("href", /\/dashboard\/webhooks/);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await setRole("viewer");
  await owner.reload();
  await row.getByRole("button", { name: /^Remove/ }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("webhook-secret-roll-hint")).toHaveCount(0);
});
