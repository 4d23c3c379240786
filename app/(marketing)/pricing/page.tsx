import type { Metadata } from "next";
import Link from "next/link";
import { PlanComparison } from "@/components/site/plan-comparison";
import { PricingCards } from "@/components/site/pricing-cards";
import { DASHBOARD_HREF, SIGN_IN_HREF } from "@/components/site/links";
import { buttonClasses } from "@/components/ui";
import { UpgradeMessage, UpgradeSetupHint } from "@/components/site/upgrade-notice";
import { getCurrentWorkspace } from "@/lib/auth/workspace";
import { isServerAdmin, upgradePath, type UpgradePath } from "@/lib/billing/upgrade-path";
import { MS_PER_RENDER } from "@/lib/animate/limits";
import { PLANS } from "@/lib/plans";

export const metadata: Metadata = {
  title: "Pricing",
  description:
    "Simple monthly plans for the Glance screenshot, PDF and Open Graph image API. Start free; cache hits never count.",
};

// Whether billing is on is configuration read at request time, not at build time; the cards know the visitor.
export const dynamic = "force-dynamic";

function faq(path: UpgradePath, workspace?: { id: string; name: string }) {
  return [
    {
      q: "What counts as a render?",
      a: `A request that has to render: a cache miss. Answers served from your cache (X-Cache: HIT) are free and don't count against the monthly renders. A recording (/v1/animate) counts one render per started ${MS_PER_RENDER / 1000} seconds of video.`,
    },
    {
      q: "What is not charged?",
      a: "A render that delivers nothing: a timeout, a crash, a target that answers an HTTP error (target_http_error) or a bot challenge, captcha or login wall instead of its page (target_blocked), and a capture that requireComplete=true refuses as incomplete (capture_incomplete). Its render is given back and the request log shows why. What you ask for is counted: an error page or blocked page you chose to capture, or an incomplete capture without requireComplete, which says what is missing in X-Capture-Complete.",
    },
    {
      q: "What happens when I reach a limit?",
      a: "Past the per-minute rate the API answers 429 rate_limited with Retry-After; once the monthly renders are used up, 429 quota_exceeded. Cached results keep being served.",
    },
    {
      q: "Can I use a feature above my plan?",
      a: "The request is refused with 403 plan_upgrade_required, naming the parameter and the plan it needs; nothing is rendered or counted.",
    },
    {
      q: "Can AI agents use Glance?",
      a: "Yes, on every plan: Glance is an MCP server at /mcp (docs: AI agents), so Claude, Cursor and VS Code call screenshots, page Markdown and metadata, OG images and jobs as tools with your key. Each call counts exactly like the same API request: renders against your monthly renders, cache hits free, plan features by plan.",
    },
    {
      q: "Do my teams share my plan?",
      a: `No. Each workspace — your personal one and every team — has its own plan, monthly renders, keys and, with card payments, its own subscription. A new team starts on ${PLANS.free.name} whatever its owner's plan; an owner or billing member moves it to a paid plan from the team's Billing page.`,
    },
    {
      q: "How do I change plans?",
      a:
        path.kind === "checkout" ? (
          `Every account starts on ${PLANS.free.name}. Upgrade from this page or the dashboard's Billing page and pay by card through Stripe, monthly or yearly; the new limits apply on your next request. Downgrades take effect at the end of the period you paid for; manage or cancel any time.`
        ) : (
          <>
            Every account starts on {PLANS.free.name}. <UpgradeMessage path={path} workspace={workspace} />
          </>
        ),
    },
  ];
}

export default async function PricingPage() {
  const path = upgradePath();
  // The plan shown as current is the workspace's the visitor acts for (D28).
  const workspace = await getCurrentWorkspace();
  const FAQ = faq(path, workspace ?? undefined);
  return (
    <div className="bg-gradient-to-b from-slate-50 to-white">
      <div className="mx-auto max-w-7xl px-4 pb-24 pt-16 sm:px-6 lg:px-8">
        <header className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold text-brand-700">Pricing</p>
          <h1 className="mt-2 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
            Pay for renders, not for cache hits
          </h1>
          <p className="mt-4 text-lg text-slate-600">
            Every plan has every output format. Higher plans add options, Open Graph images, more throughput and a
            longer cache.
          </p>
        </header>

        <div className="mt-14">
          <PricingCards path={path} currentPlan={workspace?.plan} />
          {workspace && isServerAdmin(workspace.user.email) && (
            <UpgradeSetupHint path={path} workspaceId={workspace.id} className="mt-6" />
          )}
        </div>

        <section aria-labelledby="compare" className="mt-20">
          <h2 id="compare" className="text-2xl font-bold tracking-tight text-slate-900">
            Compare plans
          </h2>
          <p className="mt-2 text-slate-600">
            Limits and the plan apply per workspace (a person or a team), across all its keys. Details in{" "}
            <Link href="/docs/limits" className="font-medium text-brand-700 hover:underline">
              limits &amp; plans
            </Link>
            .
          </p>
          <div className="mt-6">
            <PlanComparison />
          </div>
        </section>

        <section aria-labelledby="faq" className="mt-20 grid gap-10 lg:grid-cols-3">
          <div>
            <h2 id="faq" className="text-2xl font-bold tracking-tight text-slate-900">
              Questions
            </h2>
            <p className="mt-2 text-slate-600">Anything else? The docs cover limits, caching and errors in detail.</p>
            {workspace ? (
              <Link href={DASHBOARD_HREF} className={buttonClasses({}, "mt-6")}>
                Go to your dashboard
              </Link>
            ) : (
              <Link href={SIGN_IN_HREF} className={buttonClasses({}, "mt-6")}>
                Create a free account
              </Link>
            )}
          </div>
          <dl className="space-y-8 lg:col-span-2">
            {FAQ.map((item) => (
              <div key={item.q}>
                <dt className="font-semibold text-slate-900">{item.q}</dt>
                <dd className="mt-2 text-slate-600">{item.a}</dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
    </div>
  );
}
