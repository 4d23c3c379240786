import Link from "next/link";
import { buttonClasses, cn } from "@/components/ui";
import { startCheckoutAction } from "@/lib/billing/actions";
import type { UpgradePath } from "@/lib/billing/upgrade-path";
import {
  connectorAllowance,
  crawlAllowance,
  monitorAllowance,
  PLAN_IDS,
  planAtLeast,
  PLANS,
  type PlanId,
} from "@/lib/plans";
import { DASHBOARD_HREF, SIGN_IN_HREF } from "./links";
import { freeHighlights, unlockedAt } from "./plan-features";

// The plan that includes OG images stands out; no "most popular" label: nothing measures it (D33).
const HIGHLIGHT = "pro";

/**
 * One card per plan from lib/plans.ts: price, the D4 limits, and what the plan adds. Its button
 * is the real next step for whoever looks (#35, D33): with self-serve billing (D18) a signed-in
 * customer goes straight to Stripe Checkout and a visitor through sign-in to the plan on the
 * billing page; with billing off, the configured contact; with neither, the billing page's way to
 * ask for the plan (through sign-in for a visitor).
 */
export function PricingCards({ path, currentPlan }: { path: UpgradePath; currentPlan?: PlanId }) {
  return (
    <div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-4">
      {PLAN_IDS.map((id, index) => {
        const plan = PLANS[id];
        const highlighted = id === HIGHLIGHT;
        const unlocked = unlockedAt(id);
        return (
          <section
            key={id}
            aria-labelledby={`plan-${id}`}
            data-plan={id}
            className={cn(
              "relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm",
              highlighted ? "border-brand-500 ring-2 ring-brand-500/20" : "border-slate-200",
            )}
          >
            <div className="flex items-center justify-between">
              <h2 id={`plan-${id}`} className="text-lg font-semibold text-slate-900">
                {plan.name}
              </h2>
            </div>
            <p className="mt-2 min-h-10 text-sm text-slate-600">{plan.tagline}</p>
            <p className="mt-5 flex items-baseline gap-1">
              <span className="text-4xl font-bold tracking-tight text-slate-900">${plan.priceUsdPerMonth}</span>
              <span className="text-sm text-slate-500">/ month</span>
            </p>
            <PlanAction id={id} path={path} currentPlan={currentPlan} primary={highlighted} />
            <ul className="mt-6 space-y-2.5 text-sm text-slate-700">
              <li>
                <strong className="font-semibold text-slate-900">{plan.rendersPerMonth.toLocaleString("en-US")}</strong>{" "}
                renders / month
              </li>
              <li>
                <strong className="font-semibold text-slate-900">
                  {plan.requestsPerMinute.toLocaleString("en-US")}
                </strong>{" "}
                requests / minute
              </li>
              <li>
                <strong className="font-semibold text-slate-900">{plan.cacheTtlDays}-day</strong> result cache
              </li>
              <li>
                <strong className="font-semibold text-slate-900">{plan.maxApiKeys}</strong> API keys
              </li>
              <li>{monitorAllowance(plan)}</li>
              <li>{crawlAllowance(plan)}</li>
              <li>{connectorAllowance(plan)}</li>
            </ul>
            <div className="mt-6 border-t border-slate-100 pt-5 text-sm">
              <p className="font-medium text-slate-900">
                {index === 0 ? "Includes" : `Everything in ${PLANS[PLAN_IDS[index - 1]].name}, plus`}
              </p>
              <ul className="mt-2 flex flex-wrap gap-1.5">
                {index === 0 ? (
                  freeHighlights().map((f) => (
                    <li key={f}>
                      <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-700">{f}</code>
                    </li>
                  ))
                ) : unlocked.length > 0 ? (
                  unlocked.map((f) => (
                    <li key={f.name}>
                      <code className="rounded bg-brand-50 px-1.5 py-0.5 font-mono text-xs text-brand-800">
                        {f.name}
                      </code>
                    </li>
                  ))
                ) : (
                  <li className="text-slate-600">higher limits and the longest cache</li>
                )}
              </ul>
            </div>
          </section>
        );
      })}
    </div>
  );
}

function PlanAction({
  id,
  path,
  currentPlan,
  primary,
}: {
  id: PlanId;
  path: UpgradePath;
  currentPlan?: PlanId;
  primary: boolean;
}) {
  const plan = PLANS[id];
  const classes = buttonClasses({ variant: primary ? "primary" : "outline" }, "mt-6 w-full");
  if (currentPlan === id) {
    return (
      <p className="mt-6 rounded-lg bg-slate-100 py-2 text-center text-sm font-medium text-slate-700">Your plan</p>
    );
  }
  if (plan.priceUsdPerMonth === 0) {
    return currentPlan ? (
      <Link href={DASHBOARD_HREF} className={classes}>
        Go to your dashboard
      </Link>
    ) : (
      <Link href={SIGN_IN_HREF} className={classes}>
        Start for free
      </Link>
    );
  }
  if (path.kind === "checkout") {
    // Signed in: the checkout itself (the action sends a live subscription to the portal instead).
    if (currentPlan) {
      return (
        <form action={startCheckoutAction}>
          <input type="hidden" name="plan" value={id} />
          <button type="submit" name="interval" value="monthly" className={classes}>
            {planAtLeast(id, currentPlan) ? "Upgrade" : "Switch"} to {plan.name}
          </button>
        </form>
      );
    }
    return (
      <Link href={`/dashboard/billing?plan=${id}`} className={classes}>
        Upgrade to {plan.name}
      </Link>
    );
  }
  if (path.kind === "contact") {
    return (
      <a href={path.href} className={classes}>
        Contact us for {plan.name}
      </a>
    );
  }
  // Not sold online: the billing page's "Change plan" says whom to ask and what they run (#51).
  return (
    <Link href={`/dashboard/billing?plan=${id}#upgrade`} className={classes}>
      How to get {plan.name}
    </Link>
  );
}
