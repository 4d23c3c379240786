import type { Metadata } from "next";
import Link from "next/link";
import { FeatureGrid } from "@/components/site/feature-grid";
import { LandingCode } from "@/components/site/landing-code";
import { AccountCta } from "@/components/site/account-cta";
import { DASHBOARD_HREF, SIGN_IN_HREF } from "@/components/site/links";
import { ShowcaseCaptures } from "@/components/site/showcase-captures";
import { TryUrl } from "@/components/site/try-url";
import { WhatsNew } from "@/components/site/whats-new";
import { exampleImagePath, SHOWCASE_EXAMPLES, TEMPLATE_EXAMPLES } from "@/components/site/og-examples";
import { Badge, buttonClasses } from "@/components/ui";
import { PLAN_IDS, PLANS } from "@/lib/plans";

export const metadata: Metadata = {
  title: { absolute: "Glance — screenshot, PDF and Open Graph image API" },
};

const HERO_QUERY = "url=https%3A%2F%2Fexample.com&format=webp&width=1440&fullPage=true&blockCookies=true";
const JSON_SAMPLE = `{
  "url": "https://example.com/",
  "imageUrl": "https://…/v1/files/9f2c…e41a.webp",
  "width": 1440,
  "height": 2816,
  "format": "webp",
  "size": 184213,
  "cachedAt": null,
  "expiresAt": 1767225600000,
  "renderTime": 1184
}`;

export default function LandingPage() {
  const hero = SHOWCASE_EXAMPLES[0];
  return (
    <>
      <section className="relative overflow-hidden border-b border-slate-200 bg-[radial-gradient(ellipse_at_top,var(--color-brand-50),white_60%)]">
        <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 pb-20 pt-16 sm:px-6 lg:grid-cols-2 lg:px-8 lg:pt-24">
          <div className="min-w-0">
            <Badge tone="brand">Screenshots · PDFs · Open Graph images</Badge>
            <h1 className="mt-5 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl lg:text-6xl">
              Any web page, as pixels, from one <span className="text-brand-600">GET</span> request
            </h1>
            <p className="mt-6 max-w-xl text-lg leading-8 text-slate-600">
              Glance renders public pages to PNG, JPEG, WebP or PDF in a real browser, and turns a template and a few
              words into social cards. Results are cached per account, so repeat requests are instant and free.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <AccountCta
                visitor={{ href: SIGN_IN_HREF, label: "Get a free API key" }}
                member={{ href: "/dashboard/keys", label: "Go to your API keys" }}
                className={buttonClasses({ size: "lg" })}
              />
              <Link href="/docs/getting-started" className={buttonClasses({ variant: "outline", size: "lg" })}>
                Read the quick start
              </Link>
            </div>
            <p className="mt-4 text-sm text-slate-500">
              {PLANS.free.rendersPerMonth} renders a month free. No card needed.
            </p>
          </div>
          <figure className="relative min-w-0">
            <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-2xl shadow-brand-900/10">
              <div className="flex items-center gap-2 border-b border-slate-100 bg-slate-50 px-4 py-2.5">
                <span className="size-2.5 rounded-full bg-slate-300" />
                <span className="size-2.5 rounded-full bg-slate-300" />
                <span className="size-2.5 rounded-full bg-slate-300" />
                <code className="ml-3 min-w-0 truncate rounded bg-white px-2 py-0.5 font-mono text-xs text-slate-500 ring-1 ring-slate-200">
                  /v1/og?template={hero.template}&amp;title=Screenshots…
                </code>
              </div>
              {/* eslint-disable-next-line @next/next/no-img-element -- rendered by the OG renderer at build time */}
              <img
                src={exampleImagePath(hero)}
                alt="An Open Graph card rendered by Glance"
                width={1200}
                height={630}
                className="block w-full"
              />
            </div>
            <figcaption className="mt-3 text-center text-sm text-slate-500">
              Rendered by Glance&apos;s own OG endpoint.
            </figcaption>
          </figure>
        </div>
      </section>

      <section aria-labelledby="how" className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
        <div className="grid gap-12 lg:grid-cols-2">
          <div className="min-w-0">
            <h2 id="how" className="text-3xl font-bold tracking-tight text-slate-900">
              One request. No browser fleet to babysit.
            </h2>
            <p className="mt-4 text-lg text-slate-600">
              Put the options in the query string and send your key in a header. Get the file back, or JSON with a link
              to it. Errors are RFC 9457 problem details that name the parameter at fault.
            </p>
            <ol className="mt-8 space-y-5">
              {[
                [
                  "Create a key",
                  "Sign in with your e-mail (or GitHub, where it is enabled) and create a key in the dashboard.",
                ],
                ["Call the API", "GET /v1/screenshot or /v1/og with your options as query parameters."],
                ["Ship it", "Serve the image, store it, or link the imageUrl — it stays cached for your plan's TTL."],
              ].map(([title, body], i) => (
                <li key={title} className="flex gap-4">
                  <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-slate-900 text-sm font-semibold text-white">
                    {i + 1}
                  </span>
                  <div>
                    <h3 className="font-semibold text-slate-900">{title}</h3>
                    <p className="text-slate-600">{body}</p>
                  </div>
                </li>
              ))}
            </ol>
          </div>
          <div className="min-w-0 space-y-4">
            <LandingCode query={HERO_QUERY} fileName="example.webp" />
            <div className="overflow-hidden rounded-lg border border-slate-200 bg-slate-50">
              <p className="border-b border-slate-200 px-4 py-2 text-xs font-medium text-slate-500">
                With response=json
              </p>
              <pre tabIndex={0} className="overflow-x-auto p-4 font-mono text-[13px] leading-relaxed text-slate-800">
                {JSON_SAMPLE}
              </pre>
            </div>
          </div>
        </div>
      </section>

      <section aria-labelledby="whats-new" className="border-t border-slate-200">
        <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
          <h2 id="whats-new" className="text-3xl font-bold tracking-tight text-slate-900">
            What&apos;s new
          </h2>
          <p className="mt-3 max-w-2xl text-lg text-slate-600">
            New capture options, each one a parameter of the same request, validated, documented and in the playground.
            A plan badge marks the ones that need a paid plan.
          </p>
          <div className="mt-10">
            <WhatsNew />
          </div>
        </div>
      </section>

      <ShowcaseCaptures />

      <section aria-labelledby="try" className="mx-auto max-w-3xl px-4 pb-20 sm:px-6 lg:px-8">
        <h2 id="try" className="text-2xl font-bold tracking-tight text-slate-900">
          Try it on any page, no sign-up
        </h2>
        <div className="mt-6">
          <TryUrl />
        </div>
      </section>

      <section aria-labelledby="examples" className="border-y border-slate-200 bg-slate-50">
        <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
          <h2 id="examples" className="text-3xl font-bold tracking-tight text-slate-900">
            Rendered by Glance, not mocked up
          </h2>
          <p className="mt-3 max-w-2xl text-lg text-slate-600">
            Every card on this page was produced by the Open Graph endpoint when the site was built. Same templates,
            your words and colours. The names and figures on them are sample data.
          </p>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {[...TEMPLATE_EXAMPLES, ...SHOWCASE_EXAMPLES.slice(1)].map((example) => (
              <li key={example.id}>
                <figure className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
                  {/* eslint-disable-next-line @next/next/no-img-element -- rendered by the OG renderer at build time */}
                  <img
                    src={exampleImagePath(example)}
                    alt={`Open Graph image: ${example.caption}`}
                    width={1200}
                    height={630}
                    loading="lazy"
                    className="block w-full"
                  />
                  <figcaption className="flex items-center justify-between gap-2 px-4 py-3 text-sm">
                    <code className="font-mono text-slate-700">template={example.template}</code>
                    <Link href={`/docs/templates#${example.template}`} className="text-brand-700 hover:underline">
                      Variables
                    </Link>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="features" className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
        <h2 id="features" className="text-3xl font-bold tracking-tight text-slate-900">
          Everything a capture needs
        </h2>
        <div className="mt-10">
          <FeatureGrid />
        </div>
      </section>

      <section aria-labelledby="pricing-teaser" className="mx-auto max-w-7xl px-4 pb-24 sm:px-6 lg:px-8">
        <div className="rounded-3xl bg-slate-900 px-6 py-12 text-white sm:px-12">
          <div className="grid gap-10 lg:grid-cols-[1fr_1.2fr] lg:items-center">
            <div>
              <h2 id="pricing-teaser" className="text-3xl font-bold tracking-tight">
                Start free. Upgrade when it pays off.
              </h2>
              <p className="mt-3 text-slate-300">Cache hits never count. Every plan gets every output format.</p>
              <div className="mt-8 flex flex-col gap-3 sm:flex-row">
                <AccountCta
                  visitor={{ href: SIGN_IN_HREF, label: "Create an account" }}
                  member={{ href: DASHBOARD_HREF, label: "Go to your dashboard" }}
                  className={buttonClasses({ variant: "outline", size: "lg" }, "border-0")}
                />
                <Link
                  href="/pricing"
                  className={buttonClasses(
                    { variant: "ghost", size: "lg" },
                    "text-white hover:bg-white/10 hover:text-white",
                  )}
                >
                  See pricing →
                </Link>
              </div>
            </div>
            <ul className="grid grid-cols-2 gap-3">
              {PLAN_IDS.map((id) => (
                <li key={id} className="rounded-xl bg-white/5 p-4 ring-1 ring-white/10">
                  <p className="text-sm text-slate-300">{PLANS[id].name}</p>
                  <p className="mt-1 text-2xl font-semibold">
                    ${PLANS[id].priceUsdPerMonth}
                    <span className="text-sm font-normal text-slate-400">/mo</span>
                  </p>
                  <p className="mt-1 text-xs text-slate-400">
                    {PLANS[id].rendersPerMonth.toLocaleString("en-US")} renders · {PLANS[id].cacheTtlDays}-day cache
                  </p>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>
    </>
  );
}
