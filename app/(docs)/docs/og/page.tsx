import type { Metadata } from "next";
import { formatLabels } from "@/lib/formats";
import Link from "next/link";
import { Anchor, DocsPageHeader } from "@/components/docs/page-header";
import { ParamTable } from "@/components/docs/param-table";
import { Playground } from "@/components/docs/playground/playground";
import { ErrorCodeList, MetadataTable, ResponseHeaders } from "@/components/docs/response-docs";
import { Alert } from "@/components/ui";
import { describeParams, paramDoc } from "@/lib/api/params";
import { OG_LIMITS, OG_TEMPLATES } from "@/lib/og/catalog";
import { ogParams } from "@/lib/og/params";
import { OG_ERROR_CODES, OG_METADATA_SCHEMA } from "@/lib/og/openapi";
import { PLANS } from "@/lib/plans";

export const metadata: Metadata = {
  title: "Open Graph image API",
  description:
    "GET /v1/og: render social cards from templates. Parameters, template variables, responses, errors and a live playground.",
};

export default function OgReferencePage() {
  const fields = describeParams(ogParams);
  return (
    <article className="prose-docs">
      <DocsPageHeader eyebrow="API reference" title={<code className="font-mono text-[0.85em]">GET /v1/og</code>}>
        Renders an Open Graph image ({paramDoc(ogParams, "width").default} × {paramDoc(ogParams, "height").default} by
        default) from a named template and your variables, as {formatLabels("og")} — no browser involved, typically in
        tens of milliseconds.
      </DocsPageHeader>

      <div className="not-prose">
        <Alert tone="info" title={`${PLANS.pro.name} plan or higher`}>
          Calls on a lower plan get <Link href="/docs/errors#plan_upgrade_required">403 plan_upgrade_required</Link>.
          See <Link href="/pricing">pricing</Link>.
        </Alert>
      </div>

      <Anchor id="playground">Try it</Anchor>
      <p>
        Pick a template; its variables come from the <Link href="/docs/templates">template catalog</Link>. Signed in,
        the playground renders through your account; otherwise paste a key.
      </p>
      <div className="not-prose">
        <Playground endpoint="og" fields={fields} templates={OG_TEMPLATES} />
      </div>

      <Anchor id="parameters">Query parameters</Anchor>
      <div className="not-prose">
        <ParamTable fields={fields} label="Open Graph query parameters" />
      </div>

      <Anchor id="variables">Template variables</Anchor>
      <p>
        Every other query parameter is a variable of the chosen template. What each template accepts is in the{" "}
        <Link href="/docs/templates">gallery</Link> and, as JSON, at{" "}
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a JSON API route, not a page */}
        <a href="/v1/og/templates">GET /v1/og/templates</a> (no key needed). An unknown variable, a missing required one
        or a bad value is a 400 <Link href="/docs/errors#invalid_variable">invalid_variable</Link> whose{" "}
        <code>param</code> names it.
      </p>
      <ul>
        <li>
          <strong>text</strong>: up to {OG_LIMITS.textMaxChars} characters, URL-encoded. Long titles shrink to fit.
        </li>
        <li>
          <strong>color</strong>: <code>#rgb</code>, <code>#rrggbb</code>, <code>#rrggbbaa</code>, <code>rgb()</code> or{" "}
          <code>hsl()</code>. Encode <code>#</code> as <code>%23</code>: <code>accent=%236366f1</code>.
        </li>
        <li>
          <strong>image_url</strong>: an <code>https://</code> URL of a PNG, JPEG, WebP or GIF on a public host.
        </li>
        <li>
          <strong>list</strong> (names ending in <code>_items</code>): items separated by newlines (<code>%0A</code>),
          at most {OG_LIMITS.listMaxItems} of up to {OG_LIMITS.listItemMaxChars} characters.
        </li>
      </ul>

      <Anchor id="response">Response</Anchor>
      <p>
        The image itself by default, or with <code>response=json</code>:
      </p>
      <div className="not-prose">
        <MetadataTable name="OgMetadata" schema={OG_METADATA_SCHEMA} />
      </div>
      <ResponseHeaders />

      <Anchor id="errors">Errors</Anchor>
      <p>
        A render that takes longer than {OG_LIMITS.renderTimeoutMs / 1000} seconds is a 504{" "}
        <Link href="/docs/errors#render_timeout">render_timeout</Link>.
      </p>
      <ErrorCodeList codes={OG_ERROR_CODES} />
    </article>
  );
}
