import type { Metadata } from "next";
import Link from "next/link";
import { ApiExampleTabs } from "@/components/docs/api-examples/api-example-tabs";
import { AUTH_HEADER } from "@/components/docs/api-examples/catalog";
import { ExampleCode } from "@/components/docs/example-code";
import { DocsPageHeader } from "@/components/docs/page-header";
import { AUTH_MESSAGES } from "@/lib/api/auth";
import { keyCreationsPerHour, PLAN_IDS, PLANS } from "@/lib/plans";

export const metadata: Metadata = {
  title: "Authentication",
  description: "How to send your Glance API key, what the 401 errors mean, and how to manage keys.",
};

const SIGNED = `<img src="https://YOUR_GLANCE_HOST/v1/og?key_id=pk_live_…&template=default&title=Hello&signature=…">`;

// The exact texts the API sends (the customer's words: ARCHITECTURE.md#the-product-contract).
const MESSAGES = [
  ["missing_api_key", AUTH_MESSAGES.missing],
  ["invalid_api_key_format", AUTH_MESSAGES.format],
  ["invalid_api_key", AUTH_MESSAGES.invalid],
] as const;

export default function AuthenticationPage() {
  return (
    <article className="prose-docs">
      <DocsPageHeader eyebrow="Introduction" title="Authentication">
        Every request to <code>/v1/screenshot</code> and <code>/v1/og</code> carries an API key — or, in public HTML, is
        a signed URL that carries none.
      </DocsPageHeader>

      <h2 id="header">The X-API-Key header (preferred)</h2>
      <ApiExampleTabs example={AUTH_HEADER} className="not-prose" />
      <p>
        A header stays out of server logs, proxies and browser history. The <Link href="/docs/sdks">SDKs</Link> send it
        for you.
      </p>

      <h2 id="public-html">In public HTML: signed URLs</h2>
      <p>
        An <code>&lt;img src&gt;</code> or an <code>og:image</code> tag is read by anyone, so it must never carry your
        key. Use a <Link href="/docs/signed-urls">signed URL</Link>: the key&apos;s public id plus a signature made on
        your server with its signing secret.
      </p>
      <ExampleCode caption="HTML" code={SIGNED} className="not-prose" />

      <h2 id="query">The api_key query parameter</h2>
      <p>
        For server-side clients that cannot set headers, <code>api_key=sk_live_…</code> in the query works too. Never in
        a page: anyone who sees the URL can use the key. When both are sent, the header wins. <code>api_key</code> is
        never part of the cache key, and never written to our logs.
      </p>

      <h2 id="keys">Keys</h2>
      <ul>
        <li>
          Format: <code>sk_live_</code> followed by 32 letters and digits.
        </li>
        <li>
          Create and revoke keys in the dashboard under <strong>API Keys</strong>. The full key is shown once, at
          creation; we store only its SHA-256 hash.
        </li>
        <li>Revocation takes effect immediately on every server, and is final.</li>
        <li>
          Keys per account: {PLAN_IDS.map((id) => `${PLANS[id].name} ${PLANS[id].maxApiKeys}`).join(", ")}. All keys of
          an account share its rate limit, renders and cache.
        </li>
        <li>
          Keys created per hour (revoked ones count too):{" "}
          {PLAN_IDS.map((id) => `${PLANS[id].name} ${keyCreationsPerHour(id)}`).join(", ")}.
        </li>
      </ul>

      <h2 id="errors">Authentication errors</h2>
      <p>Authentication is checked before anything else, and fails with 401 and one of these exact messages:</p>
      <ul>
        {MESSAGES.map(([code, message]) => (
          <li key={code}>
            <Link href={`/docs/errors#${code}`}>{code}</Link>: “{message}”
          </li>
        ))}
      </ul>

      <h2 id="playground">In the playground</h2>
      <p>
        Signed in, the playgrounds on the reference pages render through your account without a key (requests count like
        any other). Signed out, paste a key: it stays in the page&apos;s memory and is sent only to this API.
      </p>
    </article>
  );
}
