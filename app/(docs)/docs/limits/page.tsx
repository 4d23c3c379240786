import type { Metadata } from "next";
import Link from "next/link";
import { DocsTable } from "@/components/docs/docs-table";
import { DocsPageHeader } from "@/components/docs/page-header";
import { PlanComparison } from "@/components/site/plan-comparison";
import { TD, TR } from "@/components/ui";
import { describeParams, paramDoc } from "@/lib/api/params";
import { OG_LIMITS } from "@/lib/og/catalog";
import { ogParams } from "@/lib/og/params";
import { ANONYMOUS_LIMITS, PLANS } from "@/lib/plans";
import { screenshotParams } from "@/lib/screenshot/params";
import { START_SHARE } from "@/lib/browser/queue";
import { EDGE_LIMITS } from "@/lib/edge/limits";
import { FULL_PAGE_MAX_HEIGHT } from "@/lib/page/page-plan";
import { USAGE_LOG_MAX_ROWS_PER_ACCOUNT, USAGE_LOG_RETENTION_DAYS } from "@/lib/usage/retention";

const timeout = paramDoc(screenshotParams, "timeout");

export const metadata: Metadata = {
  title: "Limits & plans",
  description: "Rate limits, monthly renders, cache lifetimes, plan features and parameter ranges of the Glance API.",
};

export default function LimitsPage() {
  const ranges = [
    ...describeParams(screenshotParams).map((f) => ({ ...f, endpoint: "screenshot" })),
    ...describeParams(ogParams).map((f) => ({ ...f, endpoint: "og" })),
  ].filter((f) => f.kind === "integer" || f.kind === "number");
  return (
    <article className="prose-docs">
      <DocsPageHeader eyebrow="Guides" title="Limits & plans">
        What each plan allows, and what happens at the limits.
      </DocsPageHeader>

      <h2 id="plans">Plans</h2>
      <p>
        Limits apply per account, across all of its keys. Every response carries <code>RateLimit-Limit</code>,{" "}
        <code>RateLimit-Remaining</code> and <code>RateLimit-Reset</code> (seconds).
      </p>
      <div className="not-prose">
        <PlanComparison />
      </div>

      <h2 id="rate-limit">Requests per minute</h2>
      <p>
        Every request counts, cached or not, in fixed one-minute windows. Past the limit:{" "}
        <Link href="/docs/errors#rate_limited">429 rate_limited</Link> with <code>Retry-After</code>.
      </p>
      <p id="anonymous">
        Answers that have no account to count against carry the same headers for the client address instead: a{" "}
        <Link href="/docs/errors#invalid_api_key">401</Link> or a refused{" "}
        <Link href="/docs/signed-urls#errors">signed URL</Link> (403) counts towards{" "}
        {ANONYMOUS_LIMITS.failedAuth.toLocaleString("en-US")} per minute, and the endpoints that need no key (
        <code>/v1/files</code>, <code>/v1/og/templates</code>, <code>/v1/openapi.json</code>) towards{" "}
        {ANONYMOUS_LIMITS.keyless.toLocaleString("en-US")} per minute. They only stop floods.
      </p>

      <h2 id="renders">Renders per month</h2>
      <p>
        Only cache misses count; hits are free, and a render that fails (a timeout, a page that cannot be captured) is
        not counted: its render is given back, and the request log shows the error code. That includes a target that
        answers an HTTP error (<Link href="/docs/errors#target_http_error">target_http_error</Link>) or a bot challenge,
        captcha or login wall instead of its page (<Link href="/docs/errors#target_blocked">target_blocked</Link>). What
        you ask for is counted: an error page captured with <code>failOnHttpError=false</code> or a blocked page
        captured with <code>allowBlocked=true</code> is a render like any other. A capture that{" "}
        <code>requireComplete=true</code> refuses (
        <Link href="/docs/errors#capture_incomplete">capture_incomplete</Link>) is not counted either. Once the
        month&apos;s renders are used up, new renders get{" "}
        <Link href="/docs/errors#quota_exceeded">429 quota_exceeded</Link>, while cached results keep being served.
      </p>
      <p id="quota-headers">
        Every answer to a request with a valid key, errors included, carries <code>X-Quota-Limit</code> (renders per
        month), <code>X-Quota-Remaining</code> (left this month, after the request&apos;s own render) and{" "}
        <code>X-Quota-Reset</code> (seconds until the month ends, UTC). <code>GET /v1/usage</code> answers the same as
        JSON — plan, period start and end, renders used and left, requests this month and the rate window — and counts
        against the rate limit only, never the renders. The dashboard keeps a request log of the last{" "}
        {USAGE_LOG_RETENTION_DAYS} days (the newest {USAGE_LOG_MAX_ROWS_PER_ACCOUNT.toLocaleString("en-US")} requests at
        most), with each request&apos;s status, error code, cache outcome and request id.
      </p>

      <h2 id="features">Plan-gated options</h2>
      <p>
        Using an option above your plan gives{" "}
        <Link href="/docs/errors#plan_upgrade_required">403 plan_upgrade_required</Link> naming the option and the plan
        it needs. Setting a gated option to its default value (say <code>darkMode=false</code>) is allowed on every
        plan.
      </p>

      <h2 id="ranges">Parameter ranges</h2>
      <DocsTable label="Numeric parameter ranges" columns={["Endpoint", "Parameter", "Range", "Default"]}>
        {ranges.map((f) => (
          <TR key={`${f.endpoint}-${f.name}`}>
            <TD className="font-mono text-xs">/v1/{f.endpoint}</TD>
            <TD>
              <code className="font-mono text-[13px] font-semibold text-slate-900">{f.name}</code>
            </TD>
            <TD className="tabular-nums">
              {f.min} – {f.max}
            </TD>
            <TD className="tabular-nums">{String(f.default)}</TD>
          </TR>
        ))}
      </DocsTable>
      <ul>
        <li>
          Full-page captures stop at the plan&apos;s full-page height (above;{" "}
          {FULL_PAGE_MAX_HEIGHT.toLocaleString("en-US")} CSS px on {PLANS.free.name}), and at WebP&apos;s 16,383 and
          JPEG&apos;s 65,535 pixels; see <Link href="/docs/guarantees#heights">what we guarantee</Link>.
        </li>
        <li>
          OG renders time out after {OG_LIMITS.renderTimeoutMs / 1000} seconds; screenshots after <code>timeout</code>{" "}
          (default {Number(timeout.default) / 1000} s, at most {Number(timeout.max) / 1000} s).
        </li>
        <li>
          OG text variables: up to {OG_LIMITS.textMaxChars} characters; lists: up to {OG_LIMITS.listMaxItems} items of{" "}
          {OG_LIMITS.listItemMaxChars} characters.
        </li>
        <li>
          A render waits for a free renderer at most {START_SHARE * 100}% of its timeout. When it cannot start within
          that (judged on arrival from the queue ahead of it), the answer is at once <code>503 renderer_busy</code> with{" "}
          <code>Retry-After</code>, never a <code>504</code> after the whole timeout. One account holds at most all
          renderers of an instance but one, and free renderers go to the waiting accounts in turn.
        </li>
      </ul>
      <h2 id="requests">Request size and time</h2>
      <ul>
        <li>
          The request line and headers together may be up to {EDGE_LIMITS.maxHeaderBytes / 1024} KiB, enough for every
          screenshot parameter at its limit sent by GET when percent-encoded ASCII (3 bytes a character). Beyond that
          the answer is <code>431 request_too_large</code>.
        </li>
        <li>
          Bytes HTTP does not allow in a URL (0xFF, NUL, an unencoded é) are <code>400 malformed_query</code>: encode
          the query as UTF-8 and percent-encode it.
        </li>
        <li>
          A client must send its headers within {EDGE_LIMITS.headersTimeoutMs / 1000} s and the whole request within{" "}
          {EDGE_LIMITS.requestTimeoutMs / 1000} s (<code>408 request_timeout</code>); an idle keep-alive connection is
          closed after {EDGE_LIMITS.keepAliveTimeoutMs / 1000} s.
        </li>
      </ul>
    </article>
  );
}
