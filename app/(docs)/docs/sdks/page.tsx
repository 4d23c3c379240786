import type { Metadata } from "next";
import Link from "next/link";
import { ExampleCode } from "@/components/docs/example-code";
import { DocsPageHeader } from "@/components/docs/page-header";
import {
  INSTALL_JS,
  INSTALL_PY,
  CLIENT_JS,
  CLIENT_PY,
  ERRORS_JS,
  ERRORS_PY,
  SIGN_JS,
  SIGN_PY,
  WEBHOOK_JS,
  WEBHOOK_PY,
} from "@/components/docs/sdk-examples";
import {
  CLIENT_GO,
  CLIENT_JAVA,
  CLIENT_PHP,
  CLIENT_RUBY,
  INSTALL_GO,
  INSTALL_JAVA,
  INSTALL_PHP,
  INSTALL_RUBY,
} from "@/components/docs/sdk-examples-languages";

export const metadata: Metadata = {
  title: "SDKs",
  description:
    "Glance's SDKs for TypeScript/JavaScript, Python, Go, PHP, Ruby and Java: every endpoint, signed URLs, webhook verification, typed errors and retries.",
};

export default function SdksPage() {
  return (
    <article className="prose-docs">
      <DocsPageHeader eyebrow="Guides" title="SDKs">
        Clients for TypeScript/JavaScript, Python, <a href="#go-php-ruby-java">Go, PHP, Ruby and Java</a>: every
        endpoint, signed URLs, webhook verification, errors with their code, and retries after <code>Retry-After</code>.
        No dependencies in any of them.
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

      <h2 id="go-php-ruby-java">Go, PHP, Ruby and Java</h2>
      <p>
        The same surface in four more languages, each on its standard library only (<code>sdks/go</code>,{" "}
        <code>sdks/php</code>, <code>sdks/ruby</code>, <code>sdks/java</code>). Every operation of the{" "}
        <a href="/v1/openapi.json">OpenAPI document</a> is in each SDK&apos;s generated table with its options&apos;
        types, so any of them can be called by its <code>operationId</code> (<code>Call</code>/<code>call</code>), and
        an unknown option or a value of the wrong type is refused before anything is sent. Each has{" "}
        <code>examples/quickstart</code>: it reads <code>GLANCE_API_KEY</code> and <code>GLANCE_BASE_URL</code>, takes a
        page URL and writes <code>screenshot.png</code>.
      </p>
      <ExampleCode caption="Go: install" code={INSTALL_GO} className="not-prose" />
      <ExampleCode caption="Go" code={CLIENT_GO} className="not-prose" />
      <ExampleCode caption="PHP: install" code={INSTALL_PHP} className="not-prose" />
      <ExampleCode caption="PHP" code={CLIENT_PHP} className="not-prose" />
      <ExampleCode caption="Ruby: install" code={INSTALL_RUBY} className="not-prose" />
      <ExampleCode caption="Ruby" code={CLIENT_RUBY} className="not-prose" />
      <ExampleCode caption="Java: install" code={INSTALL_JAVA} className="not-prose" />
      <ExampleCode caption="Java" code={CLIENT_JAVA} className="not-prose" />
    </article>
  );
}
