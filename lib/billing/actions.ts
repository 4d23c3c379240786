"use server";
/**
 * Billing server actions (D18): start a Stripe Checkout, open the Customer Portal, choose the keys
 * to keep after a downgrade. Written with `dashboardFormAction`: each acts only on the signed-in
 * user's account and answers by redirecting, a refusal too.
 */
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { dashboardFormAction, many, text, type Refusal } from "@/lib/auth/dashboard-action";
import type { CurrentWorkspace } from "@/lib/auth/workspace";
import { keepKeys, KeepKeysError } from "@/lib/accounts/plan-change";
import { createCheckoutUrl, createPortalUrl, hasLiveSubscription } from "./sessions";
import { billingEnabled, isBillingInterval, isPaidPlan, type BillingInterval, type PaidPlan } from "./stripe";
import { log } from "@/lib/log";

function refused({ reason }: Refusal): never {
  if (reason === "session") redirect("/signin?callbackUrl=%2Fdashboard%2Fbilling");
  redirect(`/dashboard/billing?error=${reason === "origin" ? "origin" : reason === "permission" ? "role" : "invalid"}`);
}

async function openPortal(workspace: CurrentWorkspace): Promise<void> {
  if (!billingEnabled()) redirect("/dashboard/billing?error=invalid");
  let url: string | undefined;
  try {
    url = await createPortalUrl(workspace.id);
  } catch (error) {
    log.error("stripe portal failed", { error: { name: (error as Error).name } });
    redirect("/dashboard/billing?error=stripe");
  }
  redirect(url ?? "/dashboard/billing?error=no-customer");
}

const checkoutInput = z.object({
  plan: text(z.custom<PaidPlan>(isPaidPlan)),
  interval: text(z.custom<BillingInterval>(isBillingInterval)),
});

export const startCheckoutAction = dashboardFormAction(
  {
    input: checkoutInput,
    permission: "billing.write",
    // Stripe's webhook changes the plan, and setPlanNow records that (plan.changed).
    audit: { none: "opens Stripe Checkout; the plan change it leads to is recorded when Stripe reports it" },
    refused,
  },
  async ({ workspace, input: { plan, interval } }) => {
    if (!billingEnabled()) redirect("/dashboard/billing?error=invalid");
    // A live subscription changes plan in the portal: never a second subscription.
    if (await hasLiveSubscription(workspace.id)) return openPortal(workspace);
    let url: string;
    try {
      // The workspace pays (D28); the person paying is the one Stripe mails.
      url = await createCheckoutUrl({ id: workspace.id, email: workspace.user.email ?? null }, plan, interval);
    } catch (error) {
      log.error("stripe checkout failed", { error: { name: (error as Error).name } });
      redirect("/dashboard/billing?error=stripe");
    }
    redirect(url);
  },
);

export const openPortalAction = dashboardFormAction(
  {
    permission: "billing.write",
    audit: { none: "opens Stripe's portal; a plan change made there is recorded when Stripe reports it" },
    refused,
  },
  ({ workspace }) => openPortal(workspace),
);

export const keepKeysAction = dashboardFormAction(
  { input: z.object({ keep: many() }), permission: "billing.write", audit: "keys.kept", refused },
  async ({ workspace, audit, input: { keep } }) => {
    try {
      const { kept, paused, resumed } = await keepKeys(workspace.id, keep);
      // Which keys answer is the workspace's integration: who changed it is recorded (D28).
      if (paused.length > 0 || resumed.length > 0)
        await audit("keys.kept", null, { kept: kept.join(","), paused: paused.join(","), resumed: resumed.join(",") });
    } catch (error) {
      // A code, never text: the keys page maps it to its own message (nothing from the URL is shown).
      if (error instanceof KeepKeysError) redirect(`/dashboard/keys?keep-error=${error.code}`);
      throw error;
    }
    revalidatePath("/dashboard", "layout");
    redirect("/dashboard/keys");
  },
);
