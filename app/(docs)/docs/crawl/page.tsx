import type { Metadata } from "next";
import Link from "next/link";
import { Anchor, DocsPageHeader } from "@/components/docs/page-header";
import { CrawlPlayground } from "@/components/docs/playground/crawl-playground";
import { Playground } from "@/components/docs/playground/playground";
import { ParamTable } from "@/components/docs/param-table";
import { ApiExampleTabs } from "@/components/docs/api-examples/api-example-tabs";
import { SITE_CRAWL, SITE_MAP } from "@/components/docs/api-examples/catalog";
import { describeParams } from "@/lib/api/params";
import { crawlParams, crawlResultsParams } from "@/lib/crawl/params";
import { mapParams } from "@/lib/map/params";
import { crawlAllowance, PLAN_IDS, PLANS } from "@/lib/plans";

export const metadata: Metadata = {
  title: "Sites: map & crawl",
  description:
    "A whole site as data: its URLs from sitemaps and links without rendering (GET /v1/map), and every page rendered as Markdown, HTML or data (POST /v1/crawl).",
};

export default function CrawlDocsPage() {
  return (
    <article className="prose-docs">
      <DocsPageHeader eyebrow="API reference" title="Sites: map & crawl">
        A whole site, not one URL: its URLs without rendering anything, or every page rendered as{" "}
        <Link href="/docs/content">/v1/content</Link> renders one — inside the same network boundary.
      </DocsPageHeader>

      <h2 id="map">A site&apos;s URLs: GET /v1/map</h2>
      <p>
        Reads the site&apos;s robots.txt (its <code>Sitemap:</code> lines, and its rules for our user agent token{" "}
        <code>GlanceBot</code>), <code>/sitemap.xml</code>, sitemap indexes and gzipped sitemaps, then follows links by
        plain HTTP fetches of HTML pages up to <code>depth</code>. URLs are kept to the start URL&apos;s host (with or
        without <code>www.</code>; <code>subdomains=true</code> adds the hosts under it), normalised (fragments dropped,
        the query too with <code>ignoreQueryParameters=true</code>) and listed once. A URL robots.txt disallows for
        GlanceBot is neither listed nor fetched. Nothing is rendered: a map counts against the rate limit, never your
        renders.
      </p>
      <ApiExampleTabs caption="A site's URLs" example={SITE_MAP} className="not-prose" />
      <Anchor id="playground">Try the map</Anchor>
      <p>The form is generated from the schema the API validates with; the answer is the real one.</p>
      <div className="not-prose">
        <Playground endpoint="map" fields={describeParams(mapParams)} />
      </div>
      <ParamTable fields={describeParams(mapParams)} label="Map parameters" />

      <h2 id="crawl">Every page: POST /v1/crawl</h2>
      <p>
        Starts a crawl and answers <code>202</code> with its id and status URL. Pages come from the sitemaps and from
        the links of each <em>rendered</em> page (so client-side routes count), kept to the site, <code>include</code> /{" "}
        <code>exclude</code> and robots.txt, up to <code>depth</code> links from the start page. Each page is rendered
        as /v1/content renders one — lazy content scrolled in, the main-content rules — in the <code>formats</code> you
        ask for. Pages are jobs on the same queue as <Link href="/docs/async">async jobs</Link>: a crawl survives a
        restart, shares your account&apos;s job slots with your other jobs, and honours robots.txt&apos;s{" "}
        <code>Crawl-delay</code>.
      </p>
      <ApiExampleTabs caption="Crawl a site and read its pages" example={SITE_CRAWL} className="not-prose" />
      <Anchor id="crawl-playground">Try a crawl</Anchor>
      <p>
        Starts a real crawl — each page one render against your quota — and shows its pages as they end; Cancel stops
        it. Signed in, it runs through your account; otherwise paste a key.
      </p>
      <div className="not-prose">
        <CrawlPlayground fields={describeParams(crawlParams)} />
      </div>
      <ParamTable fields={describeParams(crawlParams)} label="Crawl parameters" />

      <h2 id="results">Results, download and cancel</h2>
      <p>
        <code>GET /v1/crawl/{"{id}"}</code> answers the crawl&apos;s <code>status</code> (<code>running</code>,{" "}
        <code>completed</code>, <code>cancelled</code>), <code>stopReason</code> when it ended early, the counts, and
        its ended pages in the order they ended, <code>size</code> at a time: follow <code>next</code> while there is
        one. Each answer&apos;s <code>cursor</code> is where its pages end: while the crawl runs, read again with it for
        only the pages that ended since (none is ever behind it). <code>GET /v1/crawl/{"{id}"}/pages.jsonl</code>{" "}
        streams every ended page, one JSON object per line. <code>DELETE /v1/crawl/{"{id}"}</code> cancels it: pages not
        yet rendered are skipped and never charged. A <code>webhookUrl</code> (or your account&apos;s default) receives
        a signed <code>crawl.completed</code> when it ends, and with <code>pageWebhooks: true</code> a signed{" "}
        <code>crawl.page</code> as each page ends. Another workspace&apos;s crawl id answers{" "}
        <code>404 crawl_not_found</code>. The dashboard&apos;s <Link href="/dashboard/crawls">Crawls</Link> page shows
        your workspace&apos;s crawls, their pages and the same JSON lines to download: its download link is signed and
        works for an hour without signing in (paste it into curl or a pipeline), then the page gives a new one.
      </p>
      <ParamTable fields={describeParams(crawlResultsParams)} label="Result page parameters" />

      <h2 id="limits">What a crawl costs</h2>
      <p>
        Each page rendered is one render against your month&apos;s quota (a page already in your cache is free); a page
        that fails — an error status, a timeout — is not charged. A crawl stops cleanly at its <code>limit</code> (
        <code>stopReason: &quot;limit&quot;</code>), at your plan&apos;s pages per crawl (
        <code>&quot;plan_page_limit&quot;</code>) or when the quota runs out (<code>&quot;quota_exceeded&quot;</code>).
        Per plan:
      </p>
      <ul>
        {PLAN_IDS.map((id) => (
          <li key={id}>
            <strong>{PLANS[id].name}</strong>: {crawlAllowance(PLANS[id])}.
          </li>
        ))}
      </ul>
      <p>
        Every URL a map or a crawl touches — the start URL, sitemaps, every discovered link and every redirect — is
        checked like a render target: private, loopback and metadata addresses are never fetched.
      </p>
    </article>
  );
}
