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
} as const;

/**
 * What the people who run the server type to move a workspace to `plan` by hand (#51): the
 * admin command names the workspace by id, so it works for a team as for a person (D18).
 */
export function setPlanCommand(workspaceId: string, plan: PlanId | "PLAN" = "PLAN"): string {
  return `npm run admin -- set-plan --workspace ${workspaceId} --plan ${plan}`;
}

/**
 * Where an "upgrade" link goes for `plan`: its checkout, the contact, or — with neither — the
 * billing page's "Change plan", which says what to ask for and what the server's people run (#51).
 */
export function upgradeHref(plan: PlanId): string {
  const path = upgradePath();
  return path.kind === "contact" ? path.href : `/dashboard/billing?plan=${plan}#upgrade`;
}
