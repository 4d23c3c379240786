import Link from "next/link";
import { cn, buttonClasses } from "@/components/ui";
import { cardClass } from "@/components/dashboard/styles";
import { PlanBadge } from "@/components/site/plan-badge";
import { unlockedAt } from "@/components/site/plan-features";
import { UpgradeMessage } from "@/components/site/upgrade-notice";
import type { UpgradePath } from "@/lib/billing/upgrade-path";
import { PLANS, type PlanId } from "@/lib/plans";

/**
 * What a plan below the OG endpoint's sees instead of the studio (#35 point 2, D33): what the
 * plan unlocks and the way to it, rather than an editor whose preview and Save cannot work.
 * Templates saved on a higher plan are listed: they are kept and come back with the plan.
 */
export function OgPlanGate({
  plan,
  path,
  saved,
  workspace,
}: {
  plan: PlanId;
  path: UpgradePath;
  workspace: { id: string; name: string };
  saved: Array<{ name: string; version: number }>;
}) {
  const features = unlockedAt(plan);
  return (
    <section className={cn(cardClass, "p-5 sm:p-6")} aria-labelledby="og-gate" data-testid="og-plan-gate">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="og-gate" className="text-lg font-semibold text-slate-900">
          Open Graph images are part of the {PLANS[plan].name} plan
        </h2>
        <PlanBadge plan={plan} orHigher />
      </div>
      <p className="mt-2 text-sm text-slate-600">
        With {PLANS[plan].name} you design your own social cards here, with a live preview and your brand kit, and
        render them (and the built-in templates) from <code>GET /v1/og</code>. {PLANS[plan].name} also unlocks:
      </p>
      <ul className="mt-3 flex flex-wrap gap-1.5">
        {features.map((f) => (
          <li key={f.name}>
            <code className="rounded bg-brand-50 px-1.5 py-0.5 font-mono text-xs text-brand-800">{f.name}</code>
          </li>
        ))}
      </ul>
      <div className="mt-5">
        {path.kind === "checkout" ? (
          <Link href={`/dashboard/billing?plan=${plan}`} className={buttonClasses({})}>
            Upgrade to {PLANS[plan].name}
          </Link>
        ) : (
          <p className="text-sm text-slate-700">
            <UpgradeMessage path={path} workspace={workspace} plan={plan} />
          </p>
        )}
      </div>
      {saved.length > 0 && (
        <p className="mt-5 text-sm text-slate-600">
          Your saved templates ({saved.map((t) => t.name).join(", ")}) are kept and render again once your account is on{" "}
          {PLANS[plan].name} or higher.
        </p>
      )}
    </section>
  );
}
