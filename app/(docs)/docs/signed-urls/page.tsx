import type { Metadata } from "next";
import Link from "next/link";
import { ExampleCode } from "@/components/docs/example-code";
import { DocsPageHeader } from "@/components/docs/page-header";
import { SIGN_JS, SIGN_PY } from "@/components/docs/sdk-examples";
import { SIGNING_HELPERS } from "@/components/docs/signing-helpers";
import { CodeBlock } from "@/components/ui";
import { MAX_EXPIRY_SECONDS } from "@/lib/signing/names";

export const metadata: Metadata = {
  title: "Signed URLs",
  description:
    "Put Glance images in public HTML without exposing a secret: key id, expiry and an HMAC-SHA256 signature.",
};

const META_TAG = `<meta property="og:image"
      content="https://YOUR_GLANCE_HOST/v1/og?key_id=pk_live_…&template=default&title=Hello%20world&signature=3f9a…" />`;

const STRING_TO_SIGN = `/v1/og?key_id=pk_live_4eC39HqLyjWDarjtT1zdp7dc&template=blog-post&title=Caf%C3%A9%20%26%20co`;

const SERVER_SIDE = `// In your page template, on your server (Next.js, Express, …):
import { signUrl } from "./sign.mjs";

const ogImage = signUrl(
  "https://YOUR_GLANCE_HOST", "/v1/og",
  { template: "blog-post", title: post.title, author: post.author },
  process.env.GLANCE_KEY_ID,          // pk_live_… — public
  process.env.GLANCE_SIGNING_SECRET,  // ss_live_… — keep it on the server
);
// <meta property="og:image" content={ogImage} />`;

const MAX_DAYS = MAX_EXPIRY_SECONDS / 86_400;

export default function SignedUrlsPage() {
  return (
    <article className="prose-docs">
      <DocsPageHeader eyebrow="Guides" title="Signed URLs">
        An <code>og:image</code> tag or an <code>&lt;img src&gt;</code> is read by anyone. A signed URL names your key
        by its public id and proves, with a signature, that you made it — no secret in the page.
      </DocsPageHeader>

      <ExampleCode caption="HTML" code={META_TAG} className="not-prose" />

      <h2 id="credentials">What you need</h2>
      <ul>
        <li>
          <strong>Key id</strong> (<code>pk_live_…</code>): the key&apos;s public id, shown on its page in the
          dashboard. Safe to publish; it is not a credential.
        </li>
        <li>
          <strong>Signing secret</strong> (<code>ss_live_…</code>): shown once when the key is created, or when you roll
          it on the key&apos;s page. Keep it on your server like the key. Glance does not store it: it is derived from a
          server secret, so a copy of our database cannot sign anything.
        </li>
      </ul>
      <p>
        The dashboard&apos;s <Link href="/dashboard/keys">URL builder</Link> signs a URL for you (key, template,
        variables → URL and meta tag). For pages with changing content, sign on your server with one of the helpers
        below.
      </p>

      <h2 id="parameters">Parameters</h2>
      <ul>
        <li>
          <code>key_id</code>: the public id. Replaces <code>api_key</code>; a signed URL carries no API key.
        </li>
        <li>
          <code>expires</code> (optional): unix time in seconds after which the URL is refused (
          <code>403 signature_expired</code>). At most {MAX_DAYS} days ahead. Without it the URL works until you revoke
          the key or roll its signing secret.
        </li>
        <li>
          <code>signature</code>: the HMAC-SHA256 below, as 64 hex characters.
        </li>
      </ul>
      <p>
        They work on <code>/v1/og</code> and <code>/v1/screenshot</code> alike, with the same plan limits, rate limit,
        quota and cache as a key.
      </p>

      <h2 id="canonical-form">The canonical form</h2>
      <ol>
        <li>
          Take every query parameter except <code>signature</code> — <code>key_id</code> and <code>expires</code>{" "}
          included — as decoded name/value pairs (a <code>+</code> in a query is a space). Each name at most once.
        </li>
        <li>Sort the pairs by name, then by value, comparing their UTF-8 bytes.</li>
        <li>
          Percent-encode each name and value: every byte except <code>A–Z a–z 0–9 - . _ ~</code> becomes{" "}
          <code>%XX</code> with upper-case hex (RFC 3986). Join as <code>name=value</code> with <code>&amp;</code>.
        </li>
        <li>
          The string to sign is the path, <code>?</code>, and that query.
        </li>
        <li>
          <code>signature</code> = hex HMAC-SHA256 of the string to sign, keyed with the signing secret (its UTF-8
          bytes).
        </li>
      </ol>
      <ExampleCode caption="String to sign" code={STRING_TO_SIGN} className="not-prose" />
      <p>
        So the same parameters always sign the same way, however your URL orders or encodes them; a changed, added or
        removed parameter, or the same query on the other endpoint, is refused.
      </p>

      <h2 id="helpers">Signing helpers</h2>
      <p>
        Each is complete and dependency-free; our test suite runs these exact programs and checks the server accepts
        their URLs.
      </p>
      {SIGNING_HELPERS.map((helper) => (
        <section key={helper.id} aria-labelledby={`helper-${helper.id}`}>
          <h3 id={`helper-${helper.id}`}>{helper.label}</h3>
          <CodeBlock caption={helper.file} code={helper.code} className="not-prose" />
        </section>
      ))}
      <CodeBlock caption="Using it" code={SERVER_SIDE} className="not-prose" />
      <p>
        The <Link href="/docs/sdks">SDKs</Link> sign the same way:
      </p>
      <CodeBlock caption="SDK: TypeScript" code={SIGN_JS} className="not-prose" />
      <CodeBlock caption="SDK: Python" code={SIGN_PY} className="not-prose" />

      <h2 id="caching">Caching, crawlers and CDNs</h2>
      <p>
        A signed image answers <code>Cache-Control: public, max-age=…</code> for as long as it is cached on your plan
        (and not past <code>expires</code>), plus <code>immutable</code> for OG images whose URL fixes the content (a
        built-in template without a remote image; your own templates change when you save an edit, so their URLs are
        never immutable). A CDN or crawler may still keep a copy until its <code>max-age</code> ends: to publish an
        edited design at once, sign a new URL (a different <code>expires</code> is enough). Each answer has a strong{" "}
        <code>ETag</code>: <code>If-None-Match</code> gets <code>304</code> with no render and no quota, and{" "}
        <code>HEAD</code> gets the headers without the body — what Slack, Facebook and X crawlers send. Requests with an
        API key stay <code>private</code>.
      </p>

      <h2 id="errors">Errors</h2>
      <ul>
        <li>
          <code>400</code>: a missing or malformed <code>key_id</code> or <code>signature</code>, a parameter given
          twice, an API key next to a signature, <code>expires</code> beyond {MAX_DAYS} days.
        </li>
        <li>
          <code>401</code> <Link href="/docs/errors#invalid_api_key">invalid_api_key</Link>: the key was revoked (from
          the next request, on every server) or never existed.
        </li>
        <li>
          <code>403</code> <Link href="/docs/errors#invalid_signature">invalid_signature</Link> or{" "}
          <Link href="/docs/errors#signature_expired">signature_expired</Link>.
        </li>
      </ul>

      <h2 id="restrictions">Limiting a key</h2>
      <p>
        On a key&apos;s page you can allow it only some endpoints (for example OG images only) and give it its own
        monthly render cap, so a copied URL cannot spend more than you decided. Cached images are still served past the
        cap.
      </p>
    </article>
  );
}
