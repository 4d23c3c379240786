import type { Metadata } from "next";
import Link from "next/link";
import { DocsPageHeader } from "@/components/docs/page-header";
import { CodeBlock } from "@/components/ui";
import { PLAN_IDS, PLANS } from "@/lib/plans";

export const metadata: Metadata = {
  title: "Private sites (connectors)",
  description:
    "Capture, diff, monitor and crawl staging sites, intranets and localhost with a connector that dials out from your network: no inbound port, no public tunnel.",
};

const NPM = `npm run connector -- \\
  --server https://YOUR_GLANCE_HOST \\
  --token ct_live_… \\
  --expose http://staging.internal:8080 \\
  --expose http://assets.internal`;

const DOCKER = `# The Glance image carries the connector; --network host lets it reach localhost sites too.
docker run --rm --network host \\
  -e GLANCE_CONNECTOR_TOKEN=ct_live_… \\
  glance node --import tsx scripts/connector.ts \\
  --server https://YOUR_GLANCE_HOST \\
  --expose http://localhost:3000`;

const ADMIN = `npm run -s admin -- create-connector --email you@example.com --name staging | tail -n 1`;

export default function ConnectorsPage() {
  return (
    <article className="prose-docs">
      <DocsPageHeader eyebrow="Guides" title="Private sites (connectors)">
        A connector is a small program you run inside your network. It dials out to Glance over one WebSocket and serves
        the origins you name — for your workspace&apos;s renders only. Nothing listens on your side, and nobody else can
        reach your site through it.
      </DocsPageHeader>

      <h2 id="start">Start a connector</h2>
      <ol>
        <li>
          In the dashboard, open <strong>Connectors</strong> and create one. Copy its token (<code>ct_live_…</code>): it
          is shown only once.
        </li>
        <li>
          Run it on a machine that can reach your site, naming each origin it may serve with <code>--expose</code>{" "}
          (scheme, host and port; no path):
        </li>
      </ol>
      <CodeBlock caption="From a checkout of Glance" code={NPM} className="not-prose" />
      <CodeBlock caption="With Docker" code={DOCKER} className="not-prose" />
      <p>
        The token can also come from the <code>GLANCE_CONNECTOR_TOKEN</code> environment variable, which keeps it out of
        the process list. Self-hosters create tokens with the admin command, which prints the token alone on its last
        line:
      </p>
      <CodeBlock caption="Self-hosted" code={ADMIN} className="not-prose" />
      <p>
        Then capture the private URL as any other, with your usual key: <code>/v1/screenshot</code>,{" "}
        <code>/v1/content</code>, <code>/v1/animate</code>, <code>/v1/diff</code>,{" "}
        <Link href="/docs/monitors">monitors</Link>, <Link href="/docs/crawl">crawls</Link> and{" "}
        <Link href="/docs/sessions">live browser sessions</Link> all go through the connector when the URL&apos;s origin
        is one it serves.
      </p>

      <h2 id="boundary">What goes through it</h2>
      <ul>
        <li>
          Every request of a render of <em>your workspace</em> whose origin a connector of your workspace declared: the
          page, its redirects, its stylesheets, scripts, images, frames and the pages it navigates to.
        </li>
        <li>
          Everything else goes the usual way. A private page&apos;s <strong>public</strong> subresources (a CDN&apos;s
          font, an analytics script) are fetched by Glance, not by your connector; a private origin you did not declare
          is refused like any private address. Declare each private origin your pages load from.
        </li>
        <li>
          Another workspace naming the same URL is refused as before. The connector answers only the origins it was
          started with, whatever it is asked; redirects are returned to the browser, never followed by the connector.
        </li>
        <li>
          In a live browser session of your workspace (<code>/v1/browser</code>), a page that navigates to a served
          origin, and what it loads from it, goes through the connector in the same way; with the connector offline the
          navigation answers <code>502</code> with a <code>connector_offline</code> problem naming it. The origins are
          those your connectors serve when the page opens: a page opened earlier keeps what it had.
        </li>
        <li>
          WebSocket connections and requests made by web workers do not go through connectors: on a private origin they
          are refused.
        </li>
      </ul>

      <h2 id="status">Status and errors</h2>
      <p>
        The Connectors page and <code>GET /v1/connectors</code> show each connector&apos;s status (online: connected and
        heard within 45 seconds), when it was last seen, the origins it serves and its version. A render of a served
        origin while no connector serving it is online answers at once with <code>502 connector_offline</code>, naming
        the connector; a connector that cannot deliver the page answers <code>502 connector_failed</code> (see{" "}
        <Link href="/docs/errors">errors</Link>).
      </p>
      <p>
        A lost connection is retried with backoff (half a second, doubling up to 30 seconds). Run two connectors with
        the same origins for failover: the newest serves, and the other takes over when it goes (each counts as one).
        Active connectors per workspace: {PLAN_IDS.map((id) => `${PLANS[id].name} ${PLANS[id].connectors}`).join(", ")}.
        At the limit, revoke one or upgrade to create another; a workspace that moves to a smaller plan keeps the
        connectors it has.
      </p>

      <h2 id="revoke">Revoking</h2>
      <p>
        Revoke a connector on the Connectors page: it stops serving within two seconds and its connection is closed. A
        connector also ends with its workspace, and with the member who created it when they leave or lose the right to
        create keys.
      </p>
    </article>
  );
}
