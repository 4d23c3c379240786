import type { Metadata } from "next";
import Link from "next/link";
import { ApiExampleTabs } from "@/components/docs/api-examples/api-example-tabs";
import { SCREENSHOT_PROXY } from "@/components/docs/api-examples/catalog";
import { DocsPageHeader } from "@/components/docs/page-header";
import { ERROR_CODES } from "@/lib/vocabulary/error-codes";
import { PLANS } from "@/lib/plans";
import { paramDoc } from "@/lib/api/params";
import { screenshotParams } from "@/lib/screenshot/params";

export const metadata: Metadata = {
  title: "Your own proxy",
  description:
    "Capture pages through your own HTTP or SOCKS5 proxy with the proxy parameter: geo-specific pages, allow-listed sites, your own egress address.",
};

// The errors a proxy can cause, read from the catalogue (D1), so the page follows it.
const PROXY_ERRORS = ["proxy_unreachable", "proxy_auth_failed", "proxy_refused"] as const;

export default function ProxyDocsPage() {
  const plan = paramDoc(screenshotParams, "proxy").plan;
  return (
    <article className="prose-docs">
      <DocsPageHeader eyebrow="Guides" title="Your own proxy">
        Capture a page as it looks from your proxy&apos;s network: a country&apos;s version of a shop, a site that only
        lets your addresses in, or your own egress IP. Add <code>proxy</code> to any request that loads a page.
      </DocsPageHeader>

      <h2 id="use">Use it</h2>
      <p>
        <code>proxy=http://user:pass@host:port</code> for an HTTP proxy (CONNECT for https, plain requests for http), or{" "}
        <code>proxy=socks5://user:pass@host:port</code> for SOCKS5 with a user name and password (
        <code>socks5h://</code> is read the same way). Percent-encode reserved characters in the user name and password
        (<code>@</code> is <code>%40</code>, <code>:</code> is <code>%3A</code>). HTTPS proxies (TLS to the proxy
        itself) are not supported. Available from the {plan ? PLANS[plan].name : "Free"} plan.
      </p>
      <ApiExampleTabs caption="A capture through your proxy" example={SCREENSHOT_PROXY} className="not-prose" />
      <p>
        It works wherever a page is loaded: <Link href="/docs/screenshot">/v1/screenshot</Link>,{" "}
        <Link href="/docs/content">/v1/content</Link>, <Link href="/docs/animate">/v1/animate</Link>,{" "}
        <Link href="/docs/monitors">/v1/diff and monitors</Link>, <Link href="/docs/async">jobs</Link> and{" "}
        <Link href="/docs/crawl">crawls</Link> (each page is rendered through it; the crawl&apos;s own robots.txt and
        sitemap fetches are not), and <Link href="/docs/sessions#proxy">live browser sessions</Link>. OG images load no
        page of yours and take no proxy, nor does <code>/v1/map</code>, which fetches without a browser.
      </p>

      <h2 id="boundary">What stays the same</h2>
      <p>
        Every request the page makes — the page, its images and scripts, fetches, WebSockets, redirects — still passes
        Glance&apos;s network guard first, and then goes to your proxy. Your proxy resolves the page&apos;s host names
        (so a geo proxy answers as its region would, and names only your network knows work). What Glance can judge
        without asking DNS stays refused whatever the proxy: private, loopback and link-local IP addresses written in a
        URL, and names such as <code>localhost</code> or <code>*.internal</code>. The proxy itself must be at a public
        address: a proxy on a private, loopback or link-local address is refused with <code>private_address</code>{" "}
        naming <code>proxy</code>.
      </p>

      <h2 id="secret">Your proxy&apos;s password</h2>
      <p>
        <code>proxy</code> is a secret, like <code>headers</code> and <code>cookies</code>: never logged, never in the
        request log or an error message, never returned, sealed where it is stored (jobs, monitors, crawls). Send it in
        a POST body (as above) so it stays out of URLs and proxies&apos; access logs.
      </p>

      <h2 id="cache">Caching</h2>
      <p>
        The proxy is part of the <Link href="/docs/caching">cache key</Link> by its hash: a page through a German proxy
        is not the same result as the page without one, and changing the proxy or its password renders again.
      </p>

      <h2 id="errors">When the proxy fails</h2>
      <p>
        Each is a 400 naming <code>proxy</code>; nothing was captured and the render is not counted.
      </p>
      <ul>
        {PROXY_ERRORS.map((code) => (
          <li key={code}>
            <code>{code}</code>: {ERROR_CODES[code].summary}
          </li>
        ))}
      </ul>
    </article>
  );
}
