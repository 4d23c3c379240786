/**
 * #16 self-serve billing in the browser (D18), against the harness's Stripe stand-in (its API and
 * hosted pages on loopback): pricing "Upgrade" → billing page → Stripe Checkout with the exact
 * parameters; Stripe's webhook (signed with the library's test-header helper) → the paid plan →
 * an OG image; "Manage billing" → the Customer Portal; a live subscription is never sent to a
 * second checkout.
 */
import { expect, test, type Page } from "@playwright/test";
import { apiGet, createKeyInDashboard, e2e, signInByEmail, uniqueEmail, userIdOf } from "../support";
import { checkoutCompleted, stripeCalls } from "../support/stripe";

// Several renders and page loads on a shared, loaded machine: generous, never a race.
test.describe.configure({ timeout: 180_000 });

async function lastCall(path: string, match: (params: Record<string, string>) => boolean) {
  const calls = (await stripeCalls()).filter((c) => c.path === path && match(c.params));
  return calls.at(-1);
}

async function planCard(page: Page, plan: string) {
  const card = page.getByRole("main").locator(`[data-plan=${plan}]`);
  await expect(card).toBeVisible();
  return card;
}

test.describe("billing", () => {
  test("pricing → Upgrade to Pro → Stripe Checkout → webhook → Pro plan → an OG image", async ({ page }) => {
    const email = uniqueEmail("upgrade");
    // A visitor's "Upgrade" goes through sign-in and comes back to the plan's checkout.
    await page.goto("/pricing");
    await page.locator("[data-plan=pro]").getByRole("link", { name: "Upgrade to Pro" }).click();
    await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Fdashboard%2Fbilling/);
    await signInByEmail(page, email, { returnTo: "/dashboard/billing?plan=pro" });
    const userId = await userIdOf(email);
    await expect(page.getByTestId("billing-state")).toContainText("Free:");
    await expect(page.getByRole("button", { name: "Manage billing" })).toHaveCount(0);

    const pro = await planCard(page, "pro");
    await expect(pro).toHaveClass(/ring-brand-500/); // the plan chosen on the pricing page stands out
    await pro.getByRole("button", { name: "Upgrade monthly" }).click();
    await expect(page).toHaveURL(new RegExp(`^${e2e.stripeUrl}/c/pay/cs_test_\\d+$`));
    await expect(page.getByRole("heading", { name: "Stripe Checkout stand-in" })).toBeVisible();

    const call = await lastCall("/v1/checkout/sessions", (p) => p.client_reference_id === userId);
    expect(call?.method).toBe("POST");
    expect(call?.authorization).toBe("Bearer sk_test_glance_e2e");
    expect(call?.params).toEqual({
      mode: "subscription",
      "line_items[0][price]": e2e.stripePrices.STRIPE_PRICE_PRO_MONTHLY,
      "line_items[0][quantity]": "1",
      client_reference_id: userId,
      customer_email: email,
      "metadata[userId]": userId,
      "metadata[plan]": "pro",
      "subscription_data[metadata][userId]": userId,
      "subscription_data[metadata][plan]": "pro",
      success_url: `${e2e.appUrl}/dashboard/billing?checkout=success`,
      cancel_url: `${e2e.appUrl}/dashboard/billing?checkout=cancelled`,
    });

    // Stripe confirms the payment to the webhook, then sends the customer back.
    expect(await checkoutCompleted(userId, "pro")).toEqual({
      status: 200,
      body: { received: true, outcome: "applied" },
    });
    await page.goto(call!.params.success_url!);
    await expect(
      page.getByRole("status").filter({
        hasText: "Thank you! Your plan changes as soon as Stripe confirms the payment, usually within seconds.",
      }),
    ).toBeVisible();
    await expect(page.getByTestId("billing-state")).toContainText("Pro: 10,000 renders a month");
    await expect(await planCard(page, "pro")).toContainText("Your plan");

    // The plan is live on /v1 at the next request: Pro's /v1/og renders.
    const key = await createKeyInDashboard(page, "paid");
    const image = await apiGet("/v1/og?template=default&title=Paid%20for", key);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");

    // Manage billing → the Customer Portal of this account's Stripe customer.
    await page.goto("/dashboard/billing");
    await page.getByRole("button", { name: "Manage billing" }).click();
    await expect(page).toHaveURL(new RegExp(`^${e2e.stripeUrl}/p/session/bps_\\d+$`));
    await expect(page.getByRole("heading", { name: "Stripe Customer Portal stand-in" })).toBeVisible();
    const portal = await lastCall("/v1/billing_portal/sessions", (p) => p.customer === `cus_${userId}`);
    expect(portal?.params).toEqual({ customer: `cus_${userId}`, return_url: `${e2e.appUrl}/dashboard/billing` });

    // With a live subscription, another plan's button opens the portal too: never a second subscription.
    const checkoutsBefore = (await stripeCalls()).filter((c) => c.path === "/v1/checkout/sessions").length;
    await page.goto("/dashboard/billing");
    await (await planCard(page, "business")).getByRole("button", { name: "Upgrade monthly" }).click();
    await expect(page).toHaveURL(new RegExp(`^${e2e.stripeUrl}/p/session/bps_\\d+$`));
    expect((await stripeCalls()).filter((c) => c.path === "/v1/checkout/sessions").length).toBe(checkoutsBefore);
  });

  test("yearly checkout sends the yearly price; a cancelled checkout changes nothing", async ({ page }) => {
    const email = uniqueEmail("yearly");
    await signInByEmail(page, email);
    const userId = await userIdOf(email);
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Billing" }).click();
    await (await planCard(page, "starter")).getByRole("button", { name: "Yearly" }).click();
    await expect(page).toHaveURL(new RegExp(`^${e2e.stripeUrl}/c/pay/cs_test_\\d+$`));
    const call = await lastCall("/v1/checkout/sessions", (p) => p.client_reference_id === userId);
    expect(call?.params["line_items[0][price]"]).toBe(e2e.stripePrices.STRIPE_PRICE_STARTER_YEARLY);
    expect(call?.params["metadata[plan]"]).toBe("starter");

    await page.goto(call!.params.cancel_url!);
    await expect(
      page.getByRole("status").filter({ hasText: "Checkout was cancelled; nothing was charged." }),
    ).toBeVisible();
    await expect(page.getByTestId("billing-state")).toContainText("Free:");
    await expect(page.getByRole("button", { name: "Manage billing" })).toHaveCount(0);
  });

  test("a forged checkout form (unknown plan) is refused with a fixed message, and nothing is sent to Stripe", async ({
    page,
  }) => {
    const email = uniqueEmail("forged");
    await signInByEmail(page, email);
    const userId = await userIdOf(email);
    await page.goto("/dashboard/billing");
    const starter = await planCard(page, "starter");
    await starter.locator("input[name=plan]").evaluate((input) => ((input as HTMLInputElement).value = "enterprise"));
    await starter.getByRole("button", { name: "Upgrade monthly" }).click();
    await expect(page).toHaveURL(/\/dashboard\/billing\?error=invalid$/);
    await expect(
      page.getByRole("status").filter({ hasText: "That plan or billing period is not available." }),
    ).toBeVisible();
    expect(await lastCall("/v1/checkout/sessions", (p) => p.client_reference_id === userId)).toBeUndefined();
  });
});
