import type { Metadata } from "next";
import Link from "next/link";
import { DocsTable } from "@/components/docs/docs-table";
import { ApiExampleTabs } from "@/components/docs/api-examples/api-example-tabs";
import { CONTENT_AS_DATA, CONTENT_BULK, CONTENT_MARKDOWN } from "@/components/docs/api-examples/catalog";
import { ExampleCode } from "@/components/docs/example-code";
import { Anchor, DocsPageHeader } from "@/components/docs/page-header";
import { ParamTable } from "@/components/docs/param-table";
import { Playground } from "@/components/docs/playground/playground";
import { ErrorCodeList, MetadataTable } from "@/components/docs/response-docs";
import { PlanBadge } from "@/components/site/plan-badge";
import { TD, TR } from "@/components/ui";
import { describeParams } from "@/lib/api/params";
import { MAX_FORMAT_CHARS } from "@/lib/content/extract";
import { CONTENT_ERROR_CODES, CONTENT_RESULT_SCHEMA } from "@/lib/content/openapi";
import { CONTENT_FORMATS, contentParams, FORMAT_PLANS } from "@/lib/content/params";
import type { PlanId } from "@/lib/plans";

export const metadata: Metadata = {
  title: "Content API",
  description:
    "GET /v1/content: a web page as Markdown, HTML, text, links and metadata for AI pipelines, from one render in a real browser, lazy content loaded first.",
};

const FORMAT_MEANING: Record<(typeof CONTENT_FORMATS)[number], string> = {
  markdown:
    "The main content as GitHub-flavoured Markdown: headings at their levels, tables, fenced code with its language, lists, emphasis, absolute links and images.",
  html: "The rendered DOM after scripts ran: the doctype and the document's outerHTML.",
  text: "The same content as plain text: paragraphs apart by a blank line, table cells by tabs, code as written.",
  links: "Every http(s) link of the page: absolute, once each, with its text, marked internal (same host) or external.",
  metadata:
    "Title, description, canonical URL, language, Open Graph and Twitter tags, icons, JSON-LD, published and modified dates, and the colour palette of the rendered viewport.",
  screenshot: "A PNG of the viewport from the same render, stored like a screenshot: a URL in the answer.",
};

const JAVASCRIPT = `const response = await fetch("https://YOUR_GLANCE_HOST/v1/content", {
  method: "POST",
  headers: { "X-API-Key": process.env.GLANCE_API_KEY, "Content-Type": "application/json" },
  body: JSON.stringify({ url: "https://example.com", formats: ["markdown", "links"] }),
});
if (!response.ok) throw new Error((await response.json()).detail);
const page = await response.json();
console.log(page.markdown, page.links.length, page.scrolled);`;

const PYTHON = `import os
import requests

response = requests.post(
    "https://YOUR_GLANCE_HOST/v1/content",
    headers={"X-API-Key": os.environ["GLANCE_API_KEY"]},
    json={"url": "https://example.com", "formats": ["markdown", "metadata"]},
    timeout=90,
)
response.raise_for_status()
page = response.json()
print(page["markdown"])
print(page["metadata"]["palette"])`;

export default function ContentReferencePage() {
  const fields = describeParams(contentParams);
  const plans: Partial<Record<string, PlanId>> = FORMAT_PLANS;
  return (
    <article className="prose-docs">
      <DocsPageHeader eyebrow="API reference" title={<code className="font-mono text-[0.85em]">GET /v1/content</code>}>
        A web page as data for AI pipelines: Markdown, the rendered HTML, plain text, links and metadata — every format
        you ask for from one render in a real, guarded browser, with lazily loaded and client-rendered content scrolled
        into view first. One render counts once, whatever the formats.
      </DocsPageHeader>

      <Anchor id="playground">Try it</Anchor>
      <p>
        The form is generated from the schema the API validates with. The Markdown is shown rendered and raw, with the
        JSON answer beneath it.
      </p>
      <div className="not-prose">
        <Playground endpoint="content" fields={fields} />
      </div>

      <Anchor id="formats">Formats</Anchor>
      <p>
        <code>formats</code> is a comma-separated list (a JSON array in a POST body); the default is{" "}
        <code>markdown</code>. Each format you ask for is a field of the JSON answer.
      </p>
      <DocsTable label="Content formats" columns={["Format", "Plan", "What it is"]}>
        {CONTENT_FORMATS.map((format) => (
          <TR key={format} data-format={format}>
            <TD>
              <code className="font-mono text-[13px] font-semibold text-slate-900">{format}</code>
            </TD>
            <TD>
              {plans[format] ? (
                <PlanBadge plan={plans[format]!} orHigher />
              ) : (
                <span className="text-xs text-slate-500">All</span>
              )}
            </TD>
            <TD>{FORMAT_MEANING[format]}</TD>
          </TR>
        ))}
      </DocsTable>
      <p>
        <code>html</code>, <code>markdown</code> and <code>text</code> are each at most{" "}
        {MAX_FORMAT_CHARS.toLocaleString("en-US")} characters; a longer one is cut and named in <code>truncated</code>.
      </p>

      <Anchor id="examples">Examples</Anchor>
      <ApiExampleTabs example={CONTENT_AS_DATA} className="not-prose" />
      <ExampleCode caption="JavaScript (Node 18+)" code={JAVASCRIPT} className="not-prose" />
      <ExampleCode caption="Python" code={PYTHON} className="not-prose" />

      <Anchor id="markdown">Just the Markdown</Anchor>
      <p>
        With <code>formats=markdown</code> alone, send <code>Accept: text/markdown</code> (or{" "}
        <code>response=markdown</code>) and the body is the Markdown itself, <code>text/markdown; charset=utf-8</code>,
        with an <code>ETag</code>. As a <Link href="/docs/signed-urls">signed URL</Link> it carries no key and is
        cacheable by anyone, so an agent or a crawler can be handed a link to a page&apos;s Markdown.
      </p>
      <ApiExampleTabs example={CONTENT_MARKDOWN} className="not-prose" />

      <Anchor id="main-content">Main content and lazy content</Anchor>
      <p>
        By default (<code>onlyMainContent=true</code>) the Markdown and text are the page&apos;s main content:
        navigation, the page&apos;s header and footer, sidebars, cookie banners, ads, share bars and comment threads are
        left out. The content is the page&apos;s <code>main</code> landmark when it has one, else its one{" "}
        <code>article</code>, else what Mozilla&apos;s Readability finds — unless that loses much of the page&apos;s
        text or section headings, in which case it is the rest of the page. <code>contentSource</code> says which.{" "}
        <code>onlyMainContent=false</code> keeps the whole page; <code>hideSelectors</code> leaves elements out too.
      </p>
      <p>
        Before anything is read, the page is scrolled through (<code>scroll=true</code>, as <code>fullPage</code> does
        for a screenshot), so sections that appear only when scrolled into view are there. The answer says whether it
        was scrolled (<code>scrolled</code>), how tall the page was and how long each phase took (<code>timings</code>).
        The wait options of the screenshot API apply: <code>waitUntil</code>, <code>waitForSelector</code>,{" "}
        <code>delay</code>, <code>timeout</code>.
      </p>

      <Anchor id="parameters">Parameters</Anchor>
      <div className="not-prose">
        <ParamTable fields={fields} label="Content parameters" />
      </div>

      <Anchor id="post">POST with a JSON body</Anchor>
      <p>
        <code>POST /v1/content</code> takes the same parameters as one JSON object, <code>formats</code> as an array.
        Instead of <code>url</code>, send the page itself as <code>html</code>; relative links need a{" "}
        <code>&lt;base href&gt;</code>. Everything it loads passes the same public-address checks as a url&apos;s page.
      </p>

      <Anchor id="async">Async jobs and bulk</Anchor>
      <p>
        Many pages at once: <Link href="/docs/async">jobs</Link> with <code>endpoint: &quot;content&quot;</code> take
        the same parameters; each job&apos;s <code>result</code> is the JSON answer and its <code>resultUrl</code> the
        stored document.
      </p>
      <ApiExampleTabs example={CONTENT_BULK} className="not-prose" />

      <Anchor id="response">Response</Anchor>
      <p>
        Results are cached per account for your plan&apos;s cache time, keyed by every parameter;{" "}
        <code>fresh=true</code> renders again. <code>resultUrl</code> serves the stored document without a key until{" "}
        <code>expiresAt</code> (see <Link href="/docs/caching">caching</Link>).
      </p>
      <div className="not-prose">
        <MetadataTable name="ContentResult" schema={CONTENT_RESULT_SCHEMA} />
      </div>

      <Anchor id="errors">Errors</Anchor>
      <p>
        Errors are <code>application/problem+json</code>. A format above your plan is{" "}
        <Link href="/docs/errors#plan_upgrade_required">403 plan_upgrade_required</Link> naming it, after any 400.
      </p>
      <ErrorCodeList codes={CONTENT_ERROR_CODES} />
    </article>
  );
}
