import type { Metadata } from "next";
import { DocsTable } from "@/components/docs/docs-table";
import { MediaTypes } from "@/components/docs/media-types";
import { formatLabels, formatsOf } from "@/lib/formats";
import Link from "next/link";
import { ApiExampleTabs } from "@/components/docs/api-examples/api-example-tabs";
import { SCREENSHOT_POST_HTML } from "@/components/docs/api-examples/catalog";
import { Anchor, DocsPageHeader } from "@/components/docs/page-header";
import { ParamTable } from "@/components/docs/param-table";
import { Playground } from "@/components/docs/playground/playground";
import { ErrorCodeList, MetadataTable, ResponseHeaders } from "@/components/docs/response-docs";
import { TD, TR } from "@/components/ui";
import { describeParams, paramDoc } from "@/lib/api/params";
import { SCREENSHOT_ERROR_CODES, SCREENSHOT_METADATA_SCHEMA } from "@/lib/screenshot/openapi";
import { DEVICE_PRESETS } from "@/lib/screenshot/devices";
import { screenshotParams } from "@/lib/screenshot/params";
import { PLANS } from "@/lib/plans";

/** The PDF options share one gate; pageSize stands for them. */
const pdfPlan = paramDoc(screenshotParams, "pageSize").plan ?? "free";

export const metadata: Metadata = {
  title: "Screenshot API",
  description: `GET /v1/screenshot: capture any public web page as ${formatLabels("screenshot")}. Parameters, responses, errors and a live playground.`,
};

export default function ScreenshotReferencePage() {
  const fields = describeParams(screenshotParams);
  return (
    <article className="prose-docs">
      <DocsPageHeader
        eyebrow="API reference"
        title={<code className="font-mono text-[0.85em]">GET /v1/screenshot</code>}
      >
        Renders a public web page in a fresh, isolated browser and returns a {formatLabels("screenshot")} — or, with{" "}
        <code>response=json</code>, metadata with a link to the stored file. Inputs are query parameters, or the same
        fields as one JSON body with <Link href="#post">POST</Link> (for HTML input and large values).
      </DocsPageHeader>

      <Anchor id="playground">Try it</Anchor>
      <p>
        The form is generated from the same schema the API validates with. Signed in, it renders through your account
        (counted like any request); otherwise paste a key. The snippets reproduce exactly the request sent.
      </p>
      <div className="not-prose">
        <Playground endpoint="screenshot" fields={fields} />
      </div>

      <Anchor id="parameters">Query parameters</Anchor>
      <p>
        Unknown parameters are rejected with <Link href="/docs/errors#unknown_parameter">unknown_parameter</Link> (names
        are case-sensitive: <code>fullPage</code>, not <code>fullpage</code>). A parameter given twice is{" "}
        <Link href="/docs/errors#invalid_parameter">invalid_parameter</Link>. Plan-gated parameters set to their default
        value are allowed on every plan.
      </p>
      <div className="not-prose">
        <ParamTable fields={fields.filter((f) => !f.pdfOnly)} label="Screenshot query parameters" />
      </div>

      <Anchor id="pdf">PDF options</Anchor>
      <p>
        These apply only with <code>format=pdf</code> and need the {PLANS[pdfPlan].name} plan or higher.{" "}
        <code>fullPage=true</code> prints the page on sheets as wide as the viewport and up to 16,384 CSS px long, so a
        long page continues on the next sheet.
      </p>
      <div className="not-prose">
        <ParamTable fields={fields.filter((f) => f.pdfOnly)} label="PDF-only query parameters" />
      </div>
      <p>
        Every PDF is tagged for screen readers: it carries the page&apos;s structure (headings, paragraphs, lists,
        links, tables) as Chromium reads it, is marked as tagged, and has the page&apos;s <code>&lt;title&gt;</code> as
        its title and the page&apos;s language (its <code>lang</code>, else <code>xml:lang</code>, else your{" "}
        <code>locale</code>) as its language. Its outline (the bookmarks of a PDF reader) is built from the page&apos;s
        headings, <code>h1</code> to <code>h6</code>; <code>outline=false</code> leaves it out. A{" "}
        <code>headerTemplate</code> or <code>footerTemplate</code> is printed outside the structure, so readers that
        follow the tags skip it on every page.
      </p>
      <p>
        <code>pdfStandard=pdfa-2b</code> (Pro and Business) converts the PDF to PDF/A-2b for archiving, with
        Ghostscript: every font embedded, colours in sRGB with an sRGB output intent, and the PDF/A identification in
        its XMP metadata. PDF/A-2b guarantees how the pages look, not their structure: the converted file keeps the
        outline and the language but not the tags or the title. The conversion shares the render&apos;s{" "}
        <code>timeout</code>; if it fails the answer is{" "}
        <Link href="/docs/errors#pdf_conversion_failed">502 pdf_conversion_failed</Link>, which is not charged.
      </p>

      <Anchor id="post">POST with a JSON body</Anchor>
      <p>
        <code>POST /v1/screenshot</code> takes the same parameters as one JSON object (
        <code>Content-Type: application/json</code>, at most 5 MiB), validated by the same rules: a body and a query
        that say the same thing share one cached result. Numbers and booleans may be JSON values; <code>clip</code> and{" "}
        <code>margin</code> may be arrays of numbers, <code>blockRequests</code> an array of strings,{" "}
        <code>headers</code> and <code>cookies</code> objects. Only <code>api_key</code> may stay in the query (the{" "}
        <code>X-API-Key</code> header is better); signed URLs are GET only.
      </p>
      <p>
        Instead of <code>url</code>, send the page itself as <code>html</code> — an invoice or report to print with{" "}
        <code>format=pdf</code>, say, with <code>headerTemplate</code>/<code>footerTemplate</code> page numbers, print
        CSS and <code>break-before: page</code>. Everything it loads is checked like a url page&apos;s subresources
        (public addresses only); relative links need a <code>&lt;base href&gt;</code>. The JSON metadata names it by{" "}
        <code>htmlSha256</code>.
      </p>
      <ApiExampleTabs example={SCREENSHOT_POST_HTML} className="not-prose" />
      <p>
        Errors: <Link href="/docs/errors#unsupported_media_type">415</Link> for a body that is not JSON,{" "}
        <Link href="/docs/errors#payload_too_large">413</Link> over 5 MiB,{" "}
        <Link href="/docs/errors#invalid_body">400 invalid_body</Link> for malformed JSON, and the usual 400s for both
        or neither of <code>url</code> and <code>html</code>. In a query string, <code>headers</code> and{" "}
        <code>cookies</code> are JSON objects too (URL-encoded):{" "}
        <code>
          headers={"{"}&quot;Authorization&quot;:&quot;Bearer …&quot;{"}"}
        </code>
        . Their values are sent only to the url&apos;s own origin and are never logged, stored or returned; prefer POST
        so they stay out of URLs and access logs.
      </p>

      <Anchor id="devices">Device presets</Anchor>
      <p>
        <code>device</code> sets the viewport, pixel ratio, touch and mobile emulation and a matching user agent. An
        explicit <code>width</code>, <code>height</code> or <code>deviceScale</code> in the same request overrides the
        preset&apos;s value.
      </p>
      <DocsTable label="Device presets" columns={["Preset", "Device", "Viewport", "Scale"]}>
        {Object.values(DEVICE_PRESETS).map((d) => (
          <TR key={d.name}>
            <TD>
              <code className="font-mono text-[13px] font-semibold text-slate-900">{d.name}</code>
            </TD>
            <TD>{d.label}</TD>
            <TD className="font-mono text-xs">
              {d.width} × {d.height}
            </TD>
            <TD className="font-mono text-xs">{d.deviceScale}</TD>
          </TR>
        ))}
      </DocsTable>

      <Anchor id="response">Response</Anchor>
      <p>
        By default the body is the file itself with its <code>Content-Type</code> (
        <MediaTypes formats={formatsOf("screenshot")} />
        ). The image is <code>width × deviceScale</code> by <code>height × deviceScale</code> pixels. A{" "}
        <code>fullPage</code> capture is as tall as the page, up to your plan&apos;s full-page height; every capture
        says whether it is complete (<code>X-Capture-Complete</code>, <code>completeness</code> in the JSON metadata) —
        see <Link href="/docs/guarantees">what we guarantee</Link>.
      </p>
      <h3 id="json">JSON metadata</h3>
      <p>
        With <code>response=json</code> the body is an object; <code>imageUrl</code> serves the file without a key until{" "}
        <code>expiresAt</code> (see <Link href="/docs/caching">caching</Link>).
      </p>
      <div className="not-prose">
        <MetadataTable name="ScreenshotMetadata" schema={SCREENSHOT_METADATA_SCHEMA} />
      </div>
      <h3 id="target-errors">When the target answers an error</h3>
      <p>
        Every capture says what the page&apos;s server answered in <code>X-Target-Status</code> (and{" "}
        <code>targetStatus</code> in the JSON metadata). When that is a 4xx or 5xx, the answer is{" "}
        <code>422 target_http_error</code> with the same header: nothing is captured, cached or counted against your
        renders, so a broken link never costs you a render or leaves an error page in your cache. To capture the error
        page as it looks, pass <code>failOnHttpError=false</code>: that counts as a render and is cached for 5 minutes
        at most.
      </p>
      <h3 id="blocked">When the target shows a challenge, a captcha or a login page</h3>
      <p>
        A page that stands between you and the one you asked for is named instead of captured:{" "}
        <code>422 target_blocked</code> with a <code>kind</code> — <code>challenge</code> (a CDN&apos;s or
        bot-management product&apos;s interstitial: Cloudflare, Akamai, PerimeterX, DataDome, Imperva, AWS WAF),{" "}
        <code>captcha</code> (a captcha as the page&apos;s main content) or <code>login_wall</code> (a redirect to a
        sign-in form) — and the <code>signals</code> that said so; <code>X-Target-Blocked</code> repeats the kind.
        Nothing is captured, cached or counted against your renders, and the request log shows the code. Only what is
        unambiguous counts: a vendor&apos;s header that marks the answer as a challenge, or its challenge markup on an
        error status or as nearly all of the page; a contact form with a reCAPTCHA is an ordinary page. To capture the
        blocked page as it looks, pass <code>allowBlocked=true</code>: it is captured whatever its status, counted as a
        render, cached for 5 minutes at most, and the JSON metadata carries <code>blocked: {"{kind, signals}"}</code>. A
        captured error page (<code>failOnHttpError=false</code>) is marked the same way, with kind{" "}
        <code>http_error</code>. <code>/v1/content</code> answers <code>target_blocked</code> always (a blocked page is
        not content), and a monitor run that meets one fails with it: it never alerts or replaces the baseline.
      </p>
      <h3 id="dialogs">Dialogs</h3>
      <p>
        A page that opens <code>alert</code>, <code>confirm</code>, <code>prompt</code> or a <code>beforeunload</code>{" "}
        dialog is never left waiting: <code>alert</code> and <code>beforeunload</code> are accepted,{" "}
        <code>confirm</code> returns <code>false</code> and <code>prompt</code> returns <code>null</code>, as when a
        person presses Cancel. The JSON metadata lists them in <code>dialogs</code>. A page that keeps opening dialogs
        has its answers slowed down and ends at its <code>timeout</code>.
      </p>
      <ResponseHeaders />

      <Anchor id="errors">Errors</Anchor>
      <p>
        Errors are <code>application/problem+json</code>; the <code>code</code> is stable and <code>param</code> names
        the parameter at fault. Checks run in this order: key, parameters, plan, rate limit and quota, then rendering.
      </p>
      <ErrorCodeList codes={SCREENSHOT_ERROR_CODES} />
    </article>
  );
}
