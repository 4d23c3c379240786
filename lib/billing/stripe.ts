/**
 * The Stripe client and the plan ↔ price mapping (D18). Billing is on only when lib/env.ts has
 * the secret key, the webhook secret and all six price ids; otherwise these throw and the pages
 * show a contact route instead. STRIPE_API_URL points the client at a Stripe-compatible server
 * (the tests' stand-in) through the library's own host/port/protocol options.
 */
import "server-only";
import Stripe from "stripe";
import { env } from "@/lib/env";
import type { PlanId } from "@/lib/plans";
import { BrandedError } from "@/lib/vocabulary/branded-error";

export const PAID_PLANS = ["starter", "pro", "business"] as const satisfies readonly PlanId[];
export type PaidPlan = (typeof PAID_PLANS)[number];
const BILLING_INTERVALS = ["monthly", "yearly"] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

class BillingDisabledError extends BrandedError {
  static readonly brand: string = "glance.BillingDisabledError";
  constructor() {
    super("Self-serve billing is not configured.");
    this.name = "BillingDisabledError";
  }
}

export function billingEnabled(): boolean {
  return env().billing !== undefined;
}

export function billingConfig() {
  const config = env().billing;
  if (!config) throw new BillingDisabledError();
  return config;
}

let client: { key: string; url?: string; stripe: Stripe } | undefined;

export function stripe(): Stripe {
  const { secretKey, apiUrl } = billingConfig();
  if (client?.key !== secretKey || client.url !== apiUrl) {
    const target = apiUrl ? new URL(apiUrl) : undefined;
    client = {
      key: secretKey,
      url: apiUrl,
      stripe: new Stripe(secretKey, {
        ...(target && {
          host: target.hostname,
          port: target.port || (target.protocol === "https:" ? 443 : 80),
          protocol: target.protocol === "http:" ? "http" : "https",
        }),
        maxNetworkRetries: 1,
        timeout: 15_000,
        telemetry: false,
      }),
    };
  }
  return client.stripe;
}

export function isPaidPlan(value: unknown): value is PaidPlan {
  return typeof value === "string" && (PAID_PLANS as readonly string[]).includes(value);
}

export function isBillingInterval(value: unknown): value is BillingInterval {
  return typeof value === "string" && (BILLING_INTERVALS as readonly string[]).includes(value);
}

export function priceFor(plan: PaidPlan, interval: BillingInterval): string {
  return billingConfig().prices[plan][interval];
}

/** The plan a Stripe price id sells, or undefined for a price that is not one of ours. */
export function planForPrice(priceId: string | undefined): PaidPlan | undefined {
  if (!priceId) return undefined;
  const { prices } = billingConfig();
  return PAID_PLANS.find((plan) => prices[plan].monthly === priceId || prices[plan].yearly === priceId);
}
