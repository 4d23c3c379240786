import type { Metadata } from "next";
import Link from "next/link";
import { ApiExampleTabs } from "@/components/docs/api-examples/api-example-tabs";
import {
  ANIMATE_STEPS,
  CONTENT_MARKDOWN,
  DIFF_PAGES,
  FIRST_SCREENSHOT,
  JOB_CREATE,
  MONITOR_CREATE,
  SCREENSHOT_JSON,
} from "@/components/docs/api-examples/catalog";
import { ExampleCode } from "@/components/docs/example-code";
import { DocsPageHeader } from "@/components/docs/page-header";
import { SIGN_IN_HREF } from "@/components/site/links";
import { paramDoc } from "@/lib/api/params";
import { PLANS } from "@/lib/plans";
import { screenshotParams } from "@/lib/screenshot/params";

export const metadata: Metadata = {
  title: "Getting started",
  description:
    "Create an API key, capture your first screenshot, then read pages as Markdown, record videos, compare and watch pages, and run long work as jobs.",
};

const IMG_TAG = `<img src="https://YOUR_GLANCE_HOST/v1/og?key_id=YOUR_KEY_ID&template=default&title=Hello%20world&signature=SIGNATURE"
     width="1200" height="630" alt="Hello world">`;

export default function GettingStartedPage() {
  return (
    <article className="prose-docs">
      <DocsPageHeader eyebrow="Introduction" title="Getting started">
        From zero to your first screenshot in two minutes — then Markdown, videos, page diffs, monitors and jobs.
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

      <h2 id="content">6. Pages as Markdown and data</h2>
      <p>
        <Link href="/docs/content">GET /v1/content</Link> loads a page as a browser does and gives back its main text as
        Markdown — for an LLM, a search index or an archive — or, with <code>formats</code>, its links, metadata and
        plain text. Ask for <code>text/markdown</code> to get the Markdown itself:
      </p>
      <ApiExampleTabs example={CONTENT_MARKDOWN} className="not-prose" />

      <h2 id="animate">7. Videos and GIFs of a page</h2>
      <p>
        <Link href="/docs/animate">/v1/animate</Link> records a page as mp4, webm or GIF: a scroll from top to bottom by
        default, or the steps you give (type, click, scroll), each recorded as it happens. A recording counts one render
        per started stretch of video (the <Link href="/docs/limits">limits</Link> say how long):
      </p>
      <ApiExampleTabs example={ANIMATE_STEPS} className="not-prose" />

      <h2 id="diff">8. Compare pages, and watch them</h2>
      <p>
        <Link href="/docs/monitors">GET /v1/diff</Link> captures two pages (production and staging, or a page and its
        last capture) and answers how much changed, where (boxes) and a diff image:
      </p>
      <ApiExampleTabs example={DIFF_PAGES} className="not-prose" />
      <p>
        A <strong>monitor</strong> does the same on a schedule and tells you — by webhook or e-mail — when a page
        changes beyond your threshold. Create one in the dashboard (<Link href="/dashboard/monitors">Monitors</Link>) or
        by the API:
      </p>
      <ApiExampleTabs example={MONITOR_CREATE} className="not-prose" />

      <h2 id="jobs">9. Long work as jobs</h2>
      <p>
        Anything slow — a long PDF, a long recording, a hundred pages — can run as an{" "}
        <Link href="/docs/async">async job</Link>: <code>POST /v1/jobs</code> answers at once with the job&apos;s id;
        poll it, or get a signed webhook when it is done:
      </p>
      <ApiExampleTabs example={JOB_CREATE} className="not-prose" />

      <h2 id="next">Next</h2>
      <ul>
        <li>
          <Link href="/docs/mcp">AI agents (MCP)</Link>: the same endpoints as tools for Claude, Cursor and VS Code.
        </li>
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
