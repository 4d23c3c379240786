import Link from "next/link";
import { Badge, buttonClasses, cn } from "@/components/ui";
import { monitorAllowance, PLAN_IDS, PLANS } from "@/lib/plans";
import { SIGN_IN_HREF } from "./links";
import { freeHighlights, unlockedAt } from "./plan-features";

const HIGHLIGHT = "pro"; // the plan that includes OG images: the one most teams pick

/**
 * One card per plan from lib/plans.ts: price, the D4 limits, and what the plan adds. With
 * self-serve billing (D18) a paid plan's button leads to its checkout on the billing page (through
 * sign-in for a visitor); otherwise to `contactHref` when there is one.
 */
export function PricingCards({ selfServe = false, contactHref }: { selfServe?: boolean; contactHref?: string } = {}) {
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
              {highlighted && <Badge tone="brand">Most popular</Badge>}
            </div>
            <p className="mt-2 min-h-10 text-sm text-slate-600">{plan.tagline}</p>
            <p className="mt-5 flex items-baseline gap-1">
              <span className="text-4xl font-bold tracking-tight text-slate-900">${plan.priceUsdPerMonth}</span>
              <span className="text-sm text-slate-500">/ month</span>
            </p>
            <Link
              href={
                plan.priceUsdPerMonth === 0
                  ? SIGN_IN_HREF
                  : selfServe
                    ? `/dashboard/billing?plan=${id}`
                    : (contactHref ?? SIGN_IN_HREF)
              }
              className={buttonClasses({ variant: highlighted ? "primary" : "outline" }, "mt-6 w-full")}
            >
              {plan.priceUsdPerMonth === 0
                ? "Start for free"
                : selfServe
                  ? `Upgrade to ${plan.name}`
                  : contactHref
                    ? `Contact us for ${plan.name}`
                    : `Choose ${plan.name}`}
            </Link>
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
