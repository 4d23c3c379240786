import type { Metadata } from "next";
import { WithCode } from "@/components/docs/inline-code";
import { DocsPageHeader } from "@/components/docs/page-header";
import { Badge, CodeBlock } from "@/components/ui";
import { ERROR_CODES, type ErrorCode } from "@/lib/vocabulary/errors";

export const metadata: Metadata = {
  title: "Errors",
  description: "Every error code of the Glance API, its HTTP status and what to do about it.",
};

const EXAMPLE = `HTTP/1.1 400 Bad Request
Content-Type: application/problem+json
X-Request-Id: 3f0c9a52-8d1e-4b7a-9c61-2e5f0d4b8a17

{
  "type": "https://glance.example/docs/errors#parameter_out_of_range",
  "title": "Bad Request",
  "status": 400,
  "detail": "width must be between 1 and 3840.",
  "code": "parameter_out_of_range",
  "param": "width",
  "requestId": "3f0c9a52-8d1e-4b7a-9c61-2e5f0d4b8a17"
}`;

export default function ErrorsPage() {
  const codes = Object.keys(ERROR_CODES) as ErrorCode[];
  return (
    <article className="prose-docs">
      <DocsPageHeader eyebrow="Guides" title="Errors">
        Every error is an <code>application/problem+json</code> body (RFC 9457). Its <code>type</code> links to the
        entry for its <code>code</code> on this page.
      </DocsPageHeader>

      <h2 id="format">Format</h2>
      <ul>
        <li>
          <code>code</code>: stable, machine-readable; branch on this, not on <code>detail</code>.
        </li>
        <li>
          <code>detail</code>: a sentence for humans, safe to show to your users.
        </li>
        <li>
          <code>param</code>: the query parameter or template variable at fault, when there is one.
        </li>
        <li>
          <code>kind</code> and <code>signals</code>: on <code>target_blocked</code>, what the target showed instead of
          its page and what said so.
        </li>
        <li>
          <code>requestId</code> / <code>X-Request-Id</code>: quote it to support.
        </li>
      </ul>
      <CodeBlock caption="Example" code={EXAMPLE} className="not-prose" />
      <p>
        Checks run in a fixed order, so the first problem found is the one reported: API key (401), parameters (400),
        plan (403), rate limit and quota (429), then rendering (5xx, or 400 for an unreachable or private target).
      </p>

      <h2 id="codes">Codes</h2>
      <div className="not-prose divide-y divide-slate-100 rounded-xl border border-slate-200">
        {codes.map((code) => (
          <section
            key={code}
            id={code}
            aria-labelledby={`${code}-title`}
            className="scroll-mt-20 p-5 target:bg-brand-50/60"
            data-error-code={code}
          >
            <div className="flex flex-wrap items-center gap-3">
              <Badge
                tone={
                  ERROR_CODES[code].status >= 500 ? "danger" : ERROR_CODES[code].status === 429 ? "warning" : "neutral"
                }
              >
                {ERROR_CODES[code].status}
              </Badge>
              <h3 id={`${code}-title`} className="font-mono text-[15px] font-semibold text-slate-900">
                <a href={`#${code}`} className="hover:underline">
                  {code}
                </a>
              </h3>
            </div>
            <p className="mt-2 text-sm text-slate-800">{ERROR_CODES[code].summary}</p>
            <p className="mt-1 text-sm text-slate-600">
              <WithCode text={ERROR_CODES[code].help} />
            </p>
          </section>
        ))}
      </div>
    </article>
  );
}
