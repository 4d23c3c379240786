"use server";
/**
 * Billing server actions (D18): start a Stripe Checkout, open the Customer Portal, choose the keys
 * to keep after a downgrade. Each checks the origin (CSRF) and the signed-in user itself and only
 * ever acts on that user's account.
 */
import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { isSameOriginRequest } from "@/lib/auth/origin";
import { getCurrentUser } from "@/lib/auth/session";
import { keepKeys, KeepKeysError } from "./plan-change";
import { createCheckoutUrl, createPortalUrl, hasLiveSubscription } from "./sessions";
import { billingEnabled, isBillingInterval, isPaidPlan } from "./stripe";
import { log } from "@/lib/log";

async function signedIn() {
  if (!isSameOriginRequest(await headers())) redirect("/dashboard/billing?error=origin");
  const user = await getCurrentUser();
  if (!user) redirect("/signin?callbackUrl=%2Fdashboard%2Fbilling");
  return user;
}

export async function startCheckoutAction(formData: FormData): Promise<void> {
  const user = await signedIn();
  const plan = formData.get("plan");
  const interval = formData.get("interval");
  if (!billingEnabled() || !isPaidPlan(plan) || !isBillingInterval(interval))
    redirect("/dashboard/billing?error=invalid");
  // A live subscription changes plan in the portal: never a second subscription.
  if (await hasLiveSubscription(user.id)) return openPortalAction();
  let url: string;
  try {
    url = await createCheckoutUrl({ id: user.id, email: user.email ?? null }, plan, interval);
  } catch (error) {
    log.error("stripe checkout failed", { error: { name: (error as Error).name } });
    redirect("/dashboard/billing?error=stripe");
  }
  redirect(url);
}

export async function openPortalAction(): Promise<void> {
  const user = await signedIn();
  if (!billingEnabled()) redirect("/dashboard/billing?error=invalid");
  let url: string | undefined;
  try {
    url = await createPortalUrl(user.id);
  } catch (error) {
    log.error("stripe portal failed", { error: { name: (error as Error).name } });
    redirect("/dashboard/billing?error=stripe");
  }
  redirect(url ?? "/dashboard/billing?error=no-customer");
}

export async function keepKeysAction(formData: FormData): Promise<void> {
  const user = await signedIn();
  const keep = formData.getAll("keep").map(String);
  try {
    await keepKeys(user.id, keep);
  } catch (error) {
    // A code, never text: the keys page maps it to its own message (nothing from the URL is shown).
    if (error instanceof KeepKeysError) redirect(`/dashboard/keys?keep-error=${error.code}`);
    throw error;
  }
  revalidatePath("/dashboard", "layout");
  redirect("/dashboard/keys");
}
