import type { Metadata } from "next";
import Link from "next/link";
import { ExampleCode } from "@/components/docs/example-code";
import { DocsPageHeader } from "@/components/docs/page-header";

export const metadata: Metadata = {
  title: "SDKs",
  description:
    "Glance's TypeScript/JavaScript and Python SDKs: every endpoint, signed URLs, webhook verification, typed errors and retries.",
};

const INSTALL_JS = `# from a checkout of the Glance repository
cd sdks/typescript && npm pack        # writes glance-sdk-0.1.0.tgz
npm install ./glance-sdk-0.1.0.tgz    # in your project`;

const INSTALL_PY = `pip install ./sdks/python             # Python 3.9+, no dependencies`;

const CLIENT_JS = `import { writeFile } from "node:fs/promises";
import { Glance } from "glance-sdk";

const glance = new Glance({ apiKey: process.env.GLANCE_API_KEY, baseUrl: "https://YOUR_GLANCE_HOST" });

const shot = await glance.screenshot({ url: "https://example.com", fullPage: true, format: "webp" });
await writeFile("example.webp", shot.data);           // shot.cache: "HIT" | "MISS"

const card = await glance.og({ template: "blog-post", variables: { title: "Hello", author: "Ada" } });
const page = await glance.content({ url: "https://example.com", formats: ["markdown"] });

const job = await glance.jobs.create({ endpoint: "animate", params: { url: "https://example.com" } });
const done = await glance.jobs.wait(job.id);           // or a webhook
const video = await glance.download(done.resultUrl);`;

const CLIENT_PY = `import os
from glance import Glance

glance = Glance(api_key=os.environ["GLANCE_API_KEY"], base_url="https://YOUR_GLANCE_HOST")

shot = glance.screenshot(url="https://example.com", full_page=True, format="webp")
open("example.webp", "wb").write(shot.data)          # shot.cache: "HIT" | "MISS"

card = glance.og("blog-post", {"title": "Hello", "author": "Ada"})
page = glance.content(url="https://example.com", formats=["markdown"])

job = glance.jobs.create("animate", {"url": "https://example.com"})
done = glance.jobs.wait(job["id"])                     # or a webhook
video = glance.download(done["resultUrl"])`;

const ERRORS_JS = `import { GlanceError } from "glance-sdk";

try {
  await glance.screenshot({ url: "https://example.com", width: 99999 });
} catch (error) {
  if (!(error instanceof GlanceError)) throw error;
  console.error(error.status, error.code, error.detail, error.requestId); // 400 parameter_out_of_range …
}`;

const ERRORS_PY = `from glance import GlanceError

try:
    glance.screenshot(url="https://example.com", width=99999)
except GlanceError as error:
    print(error.status, error.code, error.detail, error.request_id)  # 400 parameter_out_of_range …`;

const SIGN_JS = `import { signUrl } from "glance-sdk";

const src = await signUrl({
  baseUrl: "https://YOUR_GLANCE_HOST",
  path: "/v1/og",
  params: { template: "default", variables: { title: "Hello world" } },
  keyId: process.env.GLANCE_KEY_ID,                 // pk_live_…
  signingSecret: process.env.GLANCE_SIGNING_SECRET, // keep it on the server
  expires: new Date(Date.now() + 7 * 86_400_000),   // optional
});`;

const SIGN_PY = `import os
from glance import sign_url

src = sign_url("https://YOUR_GLANCE_HOST", "/v1/og",
               {"template": "default", "variables": {"title": "Hello world"}},
               key_id=os.environ["GLANCE_KEY_ID"], signing_secret=os.environ["GLANCE_SIGNING_SECRET"])`;

const WEBHOOK_JS = `import { verifyWebhook } from "glance-sdk";

// The raw body, exactly as received; throws WebhookVerificationError when it does not verify.
const event = await verifyWebhook(process.env.GLANCE_WEBHOOK_SECRET, request.headers, await request.text());
if (event.type === "job.succeeded") console.log(event.data.resultUrl);`;

const WEBHOOK_PY = `import os
from glance import verify_webhook

# body: the raw request body (bytes); raises WebhookVerificationError when it does not verify
event = verify_webhook(os.environ["GLANCE_WEBHOOK_SECRET"], request.headers, request.body)`;

export default function SdksPage() {
  return (
    <article className="prose-docs">
      <DocsPageHeader eyebrow="Guides" title="SDKs">
        A client for TypeScript/JavaScript and one for Python: every endpoint, signed URLs, webhook verification, errors
        with their code, and retries after <code>Retry-After</code>. No dependencies in either.
      </DocsPageHeader>

      <h2 id="install">Install</h2>
      <p>
        Both live in the Glance repository (<code>sdks/typescript</code>, <code>sdks/python</code>) and install from it.
        The TypeScript SDK is ESM on <code>fetch</code> and Web Crypto: Node.js 18.17+, Deno, Bun, browsers and edge
        runtimes. The Python SDK needs Python 3.9+ and its standard library only.
      </p>
      <ExampleCode caption="TypeScript / JavaScript" code={INSTALL_JS} className="not-prose" />
      <ExampleCode caption="Python" code={INSTALL_PY} className="not-prose" />

      <h2 id="client">The client</h2>
      <p>
        One method per endpoint: <code>screenshot</code>, <code>og</code>, <code>content</code>, <code>animate</code>,{" "}
        <code>diff</code>, <code>usage</code>, <code>jobs</code> (create, get, wait, batches) and <code>monitors</code>{" "}
        (create, list, get, update, delete, run, runs). The options are the parameters of the{" "}
        <Link href="/docs/screenshot">API reference</Link>; their types are generated from the same schemas the server
        validates with, so an option the API does not have does not compile (TypeScript) or raises{" "}
        <code>TypeError</code> before anything is sent (Python, which also takes snake_case: <code>full_page</code>).
      </p>
      <ExampleCode caption="TypeScript / JavaScript" code={CLIENT_JS} className="not-prose" />
      <ExampleCode caption="Python" code={CLIENT_PY} className="not-prose" />

      <h2 id="errors">Errors and retries</h2>
      <p>
        Every error answer is raised as <code>GlanceError</code> with the <Link href="/docs/errors">problem+json</Link>{" "}
        body: <code>status</code>, <code>code</code>, <code>detail</code>, the docs link in <code>type</code>, the
        request id. A <code>429</code> or <code>503</code> (the renderers busy, an instance restarting) is tried again
        after its <code>Retry-After</code>, twice by default.
      </p>
      <ExampleCode caption="TypeScript / JavaScript" code={ERRORS_JS} className="not-prose" />
      <ExampleCode caption="Python" code={ERRORS_PY} className="not-prose" />

      <h2 id="signed-urls">Signed URLs</h2>
      <p>
        For public HTML, the SDKs sign URLs exactly as the <Link href="/docs/signed-urls">Signed URLs</Link> guide
        describes, with the key&apos;s public id and signing secret.
      </p>
      <ExampleCode caption="TypeScript / JavaScript" code={SIGN_JS} className="not-prose" />
      <ExampleCode caption="Python" code={SIGN_PY} className="not-prose" />

      <h2 id="webhooks">Webhooks</h2>
      <p>
        Deliveries are signed with Standard Webhooks (<Link href="/docs/async">Async &amp; webhooks</Link>). The SDKs
        check the signature against your <code>whsec_</code> secret and refuse a timestamp more than five minutes away.
      </p>
      <ExampleCode caption="TypeScript / JavaScript" code={WEBHOOK_JS} className="not-prose" />
      <ExampleCode caption="Python" code={WEBHOOK_PY} className="not-prose" />
    </article>
  );
}
