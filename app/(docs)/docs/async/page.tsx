import type { Metadata } from "next";
import { MediaTypes } from "@/components/docs/media-types";
import { FILE_FORMATS } from "@/lib/formats";
import Link from "next/link";
import { ApiExampleTabs } from "@/components/docs/api-examples/api-example-tabs";
import { JOB_BULK, JOB_CREATE, JOB_POLL } from "@/components/docs/api-examples/catalog";
import { DocsPageHeader } from "@/components/docs/page-header";
import { CodeBlock } from "@/components/ui";
import { ASYNC_TIMEOUT_MAX_MS } from "@/lib/jobs/params";
import { JOBS_JS, JOBS_PY, WEBHOOK_JS, WEBHOOK_PY } from "@/components/docs/sdk-examples";
import { VERIFY_JAVASCRIPT, VERIFY_PYTHON } from "@/lib/webhooks/snippets";

export const metadata: Metadata = {
  title: "Async & webhooks",
  description:
    "Hand Glance a render as a job and get the result posted to your URL, signed per the Standard Webhooks specification.",
};

const ACCEPTED = `HTTP/1.1 202 Accepted
Location: https://YOUR_GLANCE_HOST/v1/jobs/job_3k9x…

{ "id": "job_3k9x…", "status": "queued", "endpoint": "screenshot",
  "statusUrl": "https://YOUR_GLANCE_HOST/v1/jobs/job_3k9x…",
  "createdAt": "2026-11-24T07:00:00.000Z", "startedAt": null, "finishedAt": null }`;

const EXAMPLE_HEADERS = `POST /hooks/glance HTTP/1.1
content-type: application/json
user-agent: Glance-Webhooks/1.0
webhook-id: msg_2KWPBgLlAfxdpx2AI54pPJ85f4W
webhook-timestamp: 1795500000
webhook-signature: v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=`;

const EXAMPLE_BODY = `{
  "type": "job.succeeded",
  "timestamp": "2026-11-24T07:00:00.000Z",
  "data": { "id": "…", "status": "succeeded", … }
}`;

const EXPRESS = `// Express: verify against the raw body, before any JSON parser touches it.
import express from "express";
import { verifyWebhook } from "./verify-webhook.mjs";

const app = express();
app.post("/hooks/glance", express.text({ type: "application/json" }), (req, res) => {
  let event;
  try {
    event = verifyWebhook(process.env.GLANCE_WEBHOOK_SECRET, req.headers, req.body);
  } catch {
    return res.sendStatus(400);
  }
  // Deliveries can repeat: skip a webhook-id you have already handled.
  res.sendStatus(204);
  handle(event);
});`;

export default function AsyncPage() {
  return (
    <article className="prose-docs">
      <DocsPageHeader eyebrow="Guides" title="Async & webhooks">
        Instead of holding a connection while a page renders, hand Glance the render as a job and have the result posted
        to your URL when it is done, signed so you can tell it came from us.
      </DocsPageHeader>

      <h2 id="jobs">Creating a job</h2>
      <p>
        <code>POST /v1/jobs</code> takes a JSON body with the <code>endpoint</code> (<code>screenshot</code> or{" "}
        <code>og</code>), its <code>params</code> — exactly the fields the endpoint takes, as in a{" "}
        <Link href="/docs/screenshot">POST /v1/screenshot</Link> body, or the <Link href="/docs/og">OG</Link> template
        and its variables — and an optional <code>webhookUrl</code>. The request is checked at once, as the synchronous
        one would be: a bad parameter is a <code>400</code> naming it as <code>params.&lt;name&gt;</code>, a parameter
        above your plan a <code>403</code>. Accepted jobs are stored before the <code>202</code> answer, so a job you
        were given an id for is never lost, even if our servers restart.
      </p>
      <ApiExampleTabs caption="Create a job" example={JOB_CREATE} className="not-prose" />
      <CodeBlock caption="The answer" code={ACCEPTED} className="not-prose" />
      <p>
        A screenshot job may take up to {ASYNC_TIMEOUT_MAX_MS / 1000} seconds (<code>timeout</code> up to{" "}
        {ASYNC_TIMEOUT_MAX_MS.toLocaleString("en-US")} ms), twice the synchronous limit; the time counts from when the
        job starts running. A job&apos;s result is always the endpoint&apos;s JSON metadata with the stored file&apos;s
        URL, so <code>response</code> is ignored.
      </p>

      <h2 id="status">Following a job</h2>
      <p>
        <code>GET /v1/jobs/&#123;id&#125;</code> with your API key answers the job&apos;s <code>status</code>:{" "}
        <code>queued</code>, <code>running</code>, then <code>succeeded</code> with <code>resultUrl</code> (the file,
        kept for your plan&apos;s cache time) and <code>result</code>, or <code>failed</code> with <code>error</code> —
        the <Link href="/docs/errors">problem+json</Link> the synchronous request would have answered. Another
        account&apos;s job id is a <code>404 job_not_found</code>, like an id that does not exist.
      </p>
      <p>
        A job is checked against its key when it starts: if the key was revoked since the job was accepted — by hand, or
        because the member who made it left the workspace — the job fails with{" "}
        <Link href="/docs/errors#api_key_revoked">
          <code>401 api_key_revoked</code>
        </Link>{" "}
        (a paused key: <code>401 api_key_paused</code>) without rendering, and nothing is counted against your renders.
        A job an AI agent started through a connected app (MCP with OAuth) is checked against that connection the same
        way: disconnected since, or its approver removed, it fails with{" "}
        <Link href="/docs/errors#oauth_grant_revoked">
          <code>401 oauth_grant_revoked</code>
        </Link>
        , uncharged. Monitors belong to the workspace, not to a key: they keep running whoever made them.
      </p>
      <ApiExampleTabs caption="Poll it (or wait for the webhook)" example={JOB_POLL} className="not-prose" />

      <h2 id="bulk">Bulk</h2>
      <p>
        <code>POST /v1/jobs/bulk</code> takes up to 100 job requests and one optional <code>webhookUrl</code>. All are
        checked first: one bad item refuses the whole batch, naming it (<code>jobs[3].params.url</code>). The answer is
        the batch with each job&apos;s id; <code>GET /v1/jobs/bulk/&#123;id&#125;</code> shows every job&apos;s state
        and the counts, and the batch&apos;s single <code>batch.completed</code> webhook is sent once all its jobs have
        ended.
      </p>
      <ApiExampleTabs caption="A batch" example={JOB_BULK} className="not-prose" />
      <p>
        With the <Link href="/docs/sdks">SDKs</Link>, a job, its wait and a batch:
      </p>
      <CodeBlock caption="SDK: TypeScript" code={JOBS_JS} className="not-prose" />
      <CodeBlock caption="SDK: Python" code={JOBS_PY} className="not-prose" />

      <h2 id="storage">Your own storage</h2>
      <p>
        Configure an S3-compatible bucket on the dashboard&apos;s <Link href="/dashboard/storage">Storage</Link> page —
        endpoint (AWS S3, Cloudflare R2, MinIO, Backblaze B2…), region, bucket, an optional prefix, access key id and
        secret access key — and press &ldquo;Check connection&rdquo;: Glance writes a small probe object under the
        prefix and deletes it. Then add <code>&quot;store&quot;: true</code> to a job (or a batch, for all its jobs):
        when the render has succeeded its file is also uploaded to <code>&lt;prefix&gt;&lt;job id&gt;.&lt;ext&gt;</code>{" "}
        with its <code>Content-Type</code> (<MediaTypes formats={FILE_FORMATS} conjunction="or" />
        ), and the job — as its status URL and its webhook show it — carries <code>stored</code>:{" "}
        <code>&#123; bucket, key, contentType, size &#125;</code>. Without <code>store</code> results stay only in
        Glance&apos;s store, as before.
      </p>
      <ul>
        <li>
          A failed upload (wrong credentials, missing bucket, no write permission, unreachable endpoint) fails the job
          with{" "}
          <Link href="/docs/errors#storage_upload_failed">
            <code>502 storage_upload_failed</code>
          </Link>
          , whose detail quotes the storage&apos;s answer. <code>store: true</code> without a bucket configured is
          refused at once with{" "}
          <Link href="/docs/errors#storage_not_configured">
            <code>400 storage_not_configured</code>
          </Link>
          .
        </li>
        <li>
          The secret access key is stored encrypted and never shown again (the page shows its last four characters).
          Give the key only <code>s3:PutObject</code> and <code>s3:DeleteObject</code> on the bucket (or the prefix).
        </li>
        <li>
          The endpoint must be a public address, as for a capture <code>url</code> and a webhook; it is checked when
          saved and before every upload. Glance uses path-style requests (<code>https://endpoint/bucket/key</code>).
        </li>
      </ul>

      <h2 id="limits">Limits</h2>
      <ul>
        <li>
          Accepting a job, and each status request, counts against your per-minute{" "}
          <Link href="/docs/limits">rate limit</Link>; the render counts against your monthly renders when it runs (a
          cached result is free, as always).
        </li>
        <li>
          Only a few jobs of one account run at the same time (two on a default installation); the rest wait their turn,
          so a large batch takes longer but never holds up other customers&apos; work.
        </li>
        <li>
          If the server running a job stops, another one runs it again from the start; it still ends once, with one
          webhook.
        </li>
      </ul>

      <h2 id="where">Where webhooks go</h2>
      <p>
        A job reports to the <code>webhookUrl</code> given with it, otherwise to your account&apos;s default URL
        (dashboard, <Link href="/dashboard/webhooks">Webhooks</Link>), otherwise nowhere — you can still poll the job.
        Only public <code>http</code>/<code>https</code> addresses are accepted, exactly as for a capture{" "}
        <code>url</code>: a URL that is or resolves to a private, loopback or metadata address is refused with{" "}
        <code>400 private_address</code> when you give it, and checked again on every delivery. Redirects are not
        followed: answer the webhook at the URL you gave.
      </p>
      <p>
        Testing with a receiver on your own machine? On a server you run yourself, start it with{" "}
        <code>ALLOW_PRIVATE_ORIGINS=http://localhost:8080</code> (a comma-separated list of origins): those origins are
        allowed for webhooks and captures alike. Leave it empty in production.
      </p>

      <h2 id="events">Events</h2>
      <ul>
        <li>
          <code>job.succeeded</code> and <code>job.failed</code>: one per job; <code>data</code> is the job as its
          status URL returns it.
        </li>
        <li>
          <code>batch.completed</code>: one per bulk batch, once every item has finished.
        </li>
        <li>
          <code>webhook.test</code>: sent when you press &ldquo;Send a test event&rdquo; on the dashboard&apos;s
          Webhooks page, to try your receiver.
        </li>
      </ul>
      <CodeBlock
        caption="A delivery (example values)"
        code={`${EXAMPLE_HEADERS}\n\n${EXAMPLE_BODY}`}
        className="not-prose"
      />

      <h2 id="verify">Verifying a delivery</h2>
      <p>
        Deliveries are signed per the <a href="https://www.standardwebhooks.com/">Standard Webhooks</a> specification,
        so its libraries for your language work as they are. The signature is the base64 HMAC-SHA256 of{" "}
        <code>webhook-id.webhook-timestamp.body</code>, keyed with your signing secret (the bytes after{" "}
        <code>whsec_</code>, base64-decoded), sent as <code>v1,&lt;signature&gt;</code>. Your signing secret is on the
        dashboard&apos;s Webhooks page. Verify the raw body as received, and refuse timestamps more than five minutes
        away from now (replays).
      </p>
      <p>
        Both of these are complete and dependency-free; our test suite runs these exact programs against real signed
        deliveries.
      </p>
      <p>
        The <Link href="/docs/sdks">SDKs</Link> include the same check:
      </p>
      <CodeBlock caption="SDK: TypeScript" code={WEBHOOK_JS} className="not-prose" />
      <CodeBlock caption="SDK: Python" code={WEBHOOK_PY} className="not-prose" />
      <h3 id="verify-javascript">JavaScript (Node.js)</h3>
      <CodeBlock caption="verify-webhook.mjs" code={VERIFY_JAVASCRIPT} className="not-prose" />
      <CodeBlock caption="Using it" code={EXPRESS} className="not-prose" />
      <h3 id="verify-python">Python</h3>
      <CodeBlock caption="verify_webhook.py" code={VERIFY_PYTHON} className="not-prose" />

      <h2 id="retries">Retries and the delivery log</h2>
      <p>
        Answer with any <code>2xx</code> within 15 seconds. Anything else — another status, a redirect, a timeout, a
        refused connection — is retried after 5 seconds, then each wait five times longer (25 s, 2 min, 10 min, 52 min,
        4.3 h, 21.7 h): eight attempts over about 27 hours, after which the delivery is marked failed. Every attempt
        carries the same <code>webhook-id</code>, and the same event is never sent as two deliveries, so deduplicate on
        it. Pending deliveries survive restarts of our servers. The dashboard&apos;s Webhooks page lists recent
        deliveries with every attempt: your server&apos;s status or why nothing was sent, and how long it took.
      </p>

      <h2 id="secret">Rolling the secret</h2>
      <p>
        After you roll the signing secret (dashboard, Webhooks), every delivery for the next 24 hours carries two
        signatures in <code>webhook-signature</code>, separated by a space: one made with the new secret and one with
        the previous. A receiver that accepts any matching <code>v1</code> signature — both snippets above do, as do the
        Standard Webhooks libraries — keeps working with either secret, so you can update it at your pace within the
        day.
      </p>
    </article>
  );
}
