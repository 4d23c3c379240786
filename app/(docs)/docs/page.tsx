import type { Metadata } from "next";
import { formatLabels } from "@/lib/formats";
import Link from "next/link";
import { DOCS_NAV } from "@/components/site/links";
import { DocsPageHeader } from "@/components/docs/page-header";
import { type DocsHref } from "@/components/site/links";
import { ENDPOINTS, RENDER_ENDPOINTS } from "@/lib/endpoints";

export const metadata: Metadata = {
  title: "Documentation",
  description: "Guides and API reference for Glance: screenshots, PDFs and Open Graph images over HTTP.",
};

// Every card of DOCS_NAV has its line: tests/e2e/site/docs-index.spec.ts fails on an empty card.
const BLURBS: Record<DocsHref, string> = {
  "/docs": "",
  "/docs/getting-started": "Create a key and make your first request in two minutes.",
  "/docs/authentication": "Sending your key, and keeping it out of logs.",
  "/docs/screenshot": `Capture a page as ${formatLabels("screenshot")}. Live playground.`,
  "/docs/og": "Render social cards from templates. Live playground.",
  "/docs/content": "A page's main content as Markdown, text, HTML, links or metadata. Live playground.",
  "/docs/animate": "Scroll videos, GIFs and recorded clicks as mp4, webm or gif. Live playground.",
  "/docs/crawl": "A site's URLs without rendering, or every page of it as Markdown, HTML or data.",
  "/docs/templates": "Every OG template, its variables and a rendered example.",
  "/docs/signed-urls": "OG image URLs for public pages: signed with a secret, no key in the page.",
  "/docs/async": "Queue renders as jobs, batch them, and get webhooks when they finish.",
  "/docs/sdks": "Client libraries for TypeScript, Python, Go, PHP, Ruby and Java.",
  "/docs/monitors": "Compare two captures pixel by pixel, or watch a page on a schedule.",
  "/docs/mcp": "Glance as tools for AI agents in Claude, Cursor or VS Code: a remote MCP server.",
  "/docs/sessions": "A live browser over CDP for puppeteer and Playwright, inside the same boundary.",
  "/docs/proxy": "Capture through your own HTTP or SOCKS5 proxy: geo-specific and allow-listed pages.",
  "/docs/connectors": "Capture staging sites, intranets and localhost through a connector that dials out.",
  "/docs/caching": "How results are cached, HIT vs MISS, and stored files.",
  "/docs/errors": "Every error code and what to do about it.",
  "/docs/guarantees": "Heights, complete captures, blocked pages, and what is never charged.",
  "/docs/limits": "Plans, rate limits, monthly renders and parameter ranges.",
  "/docs/metrics": "Self-hosting: GET /metrics for Prometheus, every metric, a Grafana dashboard.",
  "/docs/traces": "Self-hosting: OpenTelemetry traces of each request over OTLP, traceparent honoured.",
};

// Counted from the registry (D31), so the sentence follows a new endpoint.
const ENDPOINT_COUNT = Object.keys(ENDPOINTS).length;

export default function DocsHome() {
  return (
    <article className="prose-docs">
      <DocsPageHeader eyebrow="Documentation" title="Glance API">
        {ENDPOINT_COUNT} endpoints ({RENDER_ENDPOINTS.length} of them render), all inputs in the query string, one key
        in a header. Start with the quick start, or jump into a reference page and try requests live.
      </DocsPageHeader>
      <div className="not-prose space-y-10">
        {DOCS_NAV.map((section) => (
          <section key={section.title} aria-labelledby={`s-${section.title}`}>
            <h2 id={`s-${section.title}`} className="text-sm font-semibold uppercase tracking-wide text-slate-500">
              {section.title}
            </h2>
            <ul className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {section.items
                .filter((item) => item.href !== "/docs")
                .map((item) => (
                  <li key={item.href}>
                    <Link
                      href={item.href}
                      className="block h-full rounded-xl border border-slate-200 p-5 transition-colors hover:border-brand-300 hover:bg-brand-50/40 focus-visible:outline-2 focus-visible:outline-brand-600"
                    >
                      <span className="font-semibold text-slate-900">{item.label}</span>
                      <span className="mt-1 block text-sm text-slate-600">{BLURBS[item.href]}</span>
                    </Link>
                  </li>
                ))}
            </ul>
          </section>
        ))}
        <p className="text-sm text-slate-600">
          Generating a client? The OpenAPI 3.1 description is at{" "}
          <a href="/v1/openapi.json" className="font-medium text-brand-700 hover:underline">
            /v1/openapi.json
          </a>
          .
        </p>
      </div>
    </article>
  );
}
