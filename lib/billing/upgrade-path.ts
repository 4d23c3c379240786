/**
 * How a customer gets to a paid plan on this server (#35, D33), in one place so the pricing page,
 * the billing page and the account page say the same thing: Stripe Checkout when billing is on
 * (D18), otherwise the configured contact (CONTACT_URL or CONTACT_EMAIL), otherwise nothing to
 * buy online. What to configure is shown only to the people who run the server: the addresses in
 * ADMIN_EMAILS, and anyone using the demo (the embedded default on a loopback URL).
 */
import "server-only";
import { env } from "@/lib/env";
import type { PlanId } from "@/lib/plans";

export type UpgradePath =
  { kind: "checkout" } | { kind: "contact"; href: string; label: string } | { kind: "unavailable" };

export function upgradePath(): UpgradePath {
  const e = env();
  if (e.billing) return { kind: "checkout" };
  if (e.contact) return { kind: "contact", ...e.contact };
  return { kind: "unavailable" };
}

/** Whether this signed-in person runs the server (sees setup hints); visitors never do. */
export function isServerAdmin(email: string | null | undefined): boolean {
  const e = env();
  if (e.isDemo) return true;
  return Boolean(email) && e.ADMIN_EMAILS.includes(email!.toLowerCase());
}

/** The settings that turn on each route, for the setup hint (names only, never values). */
export const UPGRADE_SETTINGS = {
  checkout: "STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and the six STRIPE_PRICE_{STARTER,PRO,BUSINESS}_{MONTHLY,YEARLY}",
  contact: "CONTACT_URL or CONTACT_EMAIL",
  byHand: "npm run admin -- set-plan --email EMAIL --plan PLAN",
} as const;

/** Where an "upgrade" link in the dashboard goes for `plan`: its checkout, the contact, or pricing. */
export function upgradeHref(plan: PlanId): string {
  const path = upgradePath();
  return path.kind === "checkout"
    ? `/dashboard/billing?plan=${plan}`
    : path.kind === "contact"
      ? path.href
      : "/pricing";
}
