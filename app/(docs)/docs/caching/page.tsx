import type { Metadata } from "next";
import Link from "next/link";
import { DocsPageHeader } from "@/components/docs/page-header";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui";
import { describeParams } from "@/lib/api/params";
import { PLAN_IDS, PLANS } from "@/lib/plans";
import { screenshotParams } from "@/lib/screenshot/params";

export const metadata: Metadata = {
  title: "Caching & files",
  description:
    "How Glance caches results per account, what makes two requests identical, and how stored files are served.",
};

export default function CachingPage() {
  const fields = describeParams(screenshotParams);
  // Read from the schema: the same flags lib/results/key.ts uses to build cache keys.
  const byHash = fields.filter((f) => f.cacheKey === "digest").map((f) => f.name);
  const inKey = fields.filter((f) => f.cacheKey !== false && f.cacheKey !== "digest" && !f.secret).map((f) => f.name);
  // Secrets that change the page (headers, cookies) and html count by their SHA-256, never by value.
  const notInKey = fields
    .filter((f) => f.cacheKey === false || (f.secret && f.cacheKey !== "digest"))
    .map((f) => f.name);
  return (
    <article className="prose-docs">
      <DocsPageHeader eyebrow="Guides" title="Caching & files">
        Every result is stored in your account&apos;s cache. Asking again for the same thing is instant and free.
      </DocsPageHeader>

      <h2 id="hit-miss">HIT and MISS</h2>
      <p>
        Each successful response says where it came from in <code>X-Cache</code>: <code>MISS</code> (rendered now,
        counted against your monthly renders) or <code>HIT</code> (served from the cache, free). With{" "}
        <code>response=json</code>, <code>cachedAt</code> is the time the result was stored in unix milliseconds, or{" "}
        <code>null</code> on a MISS. <code>X-Render-Time</code> and <code>X-Image-Size</code> describe the render either
        way.
      </p>
      <p>
        Identical requests arriving at the same time are rendered once: the others wait for that render and get the same
        result.
      </p>

      <h2 id="key">What makes two requests identical</h2>
      <p>
        The cache is per account — another account never receives your results — and keyed by the endpoint and every
        parameter that changes the output. For screenshots:
      </p>
      <p className="not-prose flex flex-wrap gap-1.5">
        {inKey.map((name) => (
          <code key={name} className="rounded bg-brand-50 px-1.5 py-0.5 font-mono text-xs text-brand-800">
            {name}
          </code>
        ))}
      </p>
      <p>
        Part of the key only as a SHA-256 of their values (header and cookie values are never stored):{" "}
        {byHash.map((n, i) => (
          <span key={n}>
            {i > 0 && ", "}
            <code>{n}</code>
          </span>
        ))}
        .
      </p>
      <p>
        Not part of the key:{" "}
        {notInKey.map((n, i) => (
          <span key={n}>
            {i > 0 && ", "}
            <code>{n}</code>
          </span>
        ))}
        . <code>quality</code> is ignored for PNG and PDF, and the PDF options for images. The URL is compared in its
        normalised form (<code>HTTPS://Example.com</code> and <code>https://example.com/</code> are the same). For OG
        images the key is the template, all its variables, <code>format</code>, <code>quality</code>, <code>width</code>{" "}
        and <code>height</code>.
      </p>
      <p>
        Need a fresh capture of a page that changed? Add <code>fresh=true</code>: the page is rendered again (a MISS,
        counted as a render) and the new result replaces the cached one, so later requests without it get the new
        capture. With several instances, another instance may still answer from its in-memory copy of the old result for
        as long as that copy lives.
      </p>
      <p>
        <code>cacheTtl</code> sets how many seconds the result a request stores is kept (at least 60), up to your
        plan&apos;s cache time below; a longer value is capped to it. It is not part of the key: a result already cached
        is served until it expires.
      </p>

      <h2 id="ttl">How long results live</h2>
      <div className="not-prose">
        <Table label="Cache lifetime by plan">
          <THead>
            <TR>
              {PLAN_IDS.map((id) => (
                <TH key={id}>{PLANS[id].name}</TH>
              ))}
            </TR>
          </THead>
          <TBody>
            <TR>
              {PLAN_IDS.map((id) => (
                <TD key={id} className="font-medium text-slate-900">
                  {PLANS[id].cacheTtlDays} days
                </TD>
              ))}
            </TR>
          </TBody>
        </Table>
      </div>

      <h2 id="http-caching">In browsers, crawlers and CDNs</h2>
      <p>
        Every image or PDF answer has a strong <code>ETag</code>: send it back in <code>If-None-Match</code> and a match
        is <code>304 Not Modified</code> without a body (on a HIT nothing is rendered or counted). <code>HEAD</code>{" "}
        gets the same headers without the body. With an API key the answer is{" "}
        <code>Cache-Control: private, max-age=&lt;seconds the result stays cached&gt;</code>, for your client only. A{" "}
        <Link href="/docs/signed-urls#caching">signed URL</Link>&apos;s answer is <code>public</code>, so CDNs and
        crawlers may keep it — up to your plan&apos;s cache time and never past its <code>expires</code> — plus{" "}
        <code>immutable</code> for OG images the URL fully determines (built-in templates without a remote image). JSON
        answers are <code>no-store</code>.
      </p>

      <h2 id="files">Stored files</h2>
      <p>
        The <code>imageUrl</code> of a JSON response, <code>/v1/files/&lt;key&gt;.&lt;ext&gt;</code>, serves the file
        without an API key: the 256-bit key in the name is unguessable and acts as the permission. It is sent with{" "}
        <code>Cache-Control: public, max-age=&lt;seconds left&gt;, immutable</code> and an <code>ETag</code>, so CDNs
        and browsers can keep it until it expires. After <code>expiresAt</code> it answers{" "}
        <Link href="/docs/errors#not_found">404 not_found</Link>.
      </p>
    </article>
  );
}
