import type { Metadata } from "next";
import Link from "next/link";
import { ApiExampleTabs } from "@/components/docs/api-examples/api-example-tabs";
import { FIRST_SCREENSHOT, SCREENSHOT_JSON } from "@/components/docs/api-examples/catalog";
import { ExampleCode } from "@/components/docs/example-code";
import { DocsPageHeader } from "@/components/docs/page-header";
import { SIGN_IN_HREF } from "@/components/site/links";
import { paramDoc } from "@/lib/api/params";
import { PLANS } from "@/lib/plans";
import { screenshotParams } from "@/lib/screenshot/params";

export const metadata: Metadata = {
  title: "Getting started",
  description: "Create an API key and capture your first screenshot with Glance.",
};

const IMG_TAG = `<img src="https://YOUR_GLANCE_HOST/v1/og?key_id=YOUR_KEY_ID&template=default&title=Hello%20world&signature=SIGNATURE"
     width="1200" height="630" alt="Hello world">`;

export default function GettingStartedPage() {
  return (
    <article className="prose-docs">
      <DocsPageHeader eyebrow="Introduction" title="Getting started">
        From zero to your first screenshot in two minutes.
      </DocsPageHeader>

      <h2 id="account">1. Sign in</h2>
      <p>
        <Link href={SIGN_IN_HREF}>Sign in</Link> with your e-mail address (we send a link), or with GitHub when the
        sign-in page offers it. New accounts start on the {PLANS.free.name} plan: {PLANS.free.rendersPerMonth} renders a
        month and {PLANS.free.requestsPerMinute} requests a minute, no card needed.
      </p>

      <h2 id="key">2. Create an API key</h2>
      <p>
        In the dashboard, open <strong>API Keys</strong> and choose <strong>Create New Key</strong>. Give it a name (one
        key per app or environment makes revoking easy). The key — <code>sk_live_</code> followed by 32 characters — is
        shown <strong>once</strong>: copy it into your secret store right away. We keep only a hash.
      </p>

      <h2 id="first-request">3. Make your first request</h2>
      <p>
        Replace <code>YOUR_API_KEY</code> with your key, then run it — or make the same request with an{" "}
        <Link href="/docs/sdks">SDK</Link>, which reads the key from <code>GLANCE_API_KEY</code>:
      </p>
      <ApiExampleTabs example={FIRST_SCREENSHOT} className="not-prose" />
      <p>
        <code>example.png</code> is a {paramDoc(screenshotParams, "width").default} ×{" "}
        {paramDoc(screenshotParams, "height").default} capture of the page. Run it again: the response header{" "}
        <code>X-Cache: HIT</code> shows it came from your cache — instant, and not counted against your renders.
      </p>

      <h2 id="options">4. Add options</h2>
      <p>
        Everything is a query parameter: <code>format=webp</code>, <code>fullPage=true</code>, <code>width=390</code>,{" "}
        <code>delay=1000</code>… (the reference marks the few that need a paid plan). Remember to URL-encode values (the
        target URL especially). Ask for JSON to get the dimensions, size and a link to the stored file:
      </p>
      <ApiExampleTabs example={SCREENSHOT_JSON} className="not-prose" />
      <p>
        The <Link href="/docs/screenshot">screenshot reference</Link> lists every parameter and has a playground that
        writes this code for you in curl, JavaScript, Python and both SDKs.
      </p>

      <h2 id="og">5. Social cards (Pro)</h2>
      <p>
        On Pro and Business, <Link href="/docs/og">GET /v1/og</Link> renders an Open Graph image from a{" "}
        <Link href="/docs/templates">template</Link>. In public HTML — an <code>&lt;img&gt;</code> or an{" "}
        <code>og:image</code> meta tag — never put your API key: use a <Link href="/docs/signed-urls">signed URL</Link>,
        which carries the key&apos;s public id and a signature made with its signing secret (the dashboard&apos;s URL
        builder makes one for you):
      </p>
      <ExampleCode caption="HTML" code={IMG_TAG} className="not-prose" />

      <h2 id="next">Next</h2>
      <ul>
        <li>
          <Link href="/docs/errors">Errors</Link>: every code, and what to do.
        </li>
        <li>
          <Link href="/docs/caching">Caching</Link>: what makes two requests the same.
        </li>
        <li>
          <Link href="/docs/limits">Limits &amp; plans</Link>: rate limits and monthly renders.
        </li>
      </ul>
    </article>
  );
}
