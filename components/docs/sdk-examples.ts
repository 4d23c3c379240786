/**
 * The SDKs' code examples (D29), shown on /docs/sdks and beside the guides' own examples (async
 * jobs and webhooks, signed URLs). Plain strings: client-safe.
 */
export const INSTALL_JS = `# from a checkout of the Glance repository
cd sdks/typescript && npm pack        # writes glance-sdk-0.1.0.tgz
npm install ./glance-sdk-0.1.0.tgz    # in your project`;

export const INSTALL_PY = `pip install ./sdks/python             # Python 3.9+, no dependencies`;

export const CLIENT_JS = `import { writeFile } from "node:fs/promises";
import { Glance } from "glance-sdk";

const glance = new Glance({ apiKey: process.env.GLANCE_API_KEY, baseUrl: "https://YOUR_GLANCE_HOST" });

const shot = await glance.screenshot({ url: "https://example.com", fullPage: true, format: "webp" });
await writeFile("example.webp", shot.data);           // shot.cache: "HIT" | "MISS"

const card = await glance.og({ template: "blog-post", variables: { title: "Hello", author: "Ada" } });
const page = await glance.content({ url: "https://example.com", formats: ["markdown"] });

const job = await glance.jobs.create({ endpoint: "animate", params: { url: "https://example.com" } });
const done = await glance.jobs.wait(job.id);           // or a webhook
const video = await glance.download(done.resultUrl);`;

export const CLIENT_PY = `import os
from glance import Glance

glance = Glance(api_key=os.environ["GLANCE_API_KEY"], base_url="https://YOUR_GLANCE_HOST")

shot = glance.screenshot(url="https://example.com", full_page=True, format="webp")
open("example.webp", "wb").write(shot.data)          # shot.cache: "HIT" | "MISS"

card = glance.og("blog-post", {"title": "Hello", "author": "Ada"})
page = glance.content(url="https://example.com", formats=["markdown"])

job = glance.jobs.create("animate", {"url": "https://example.com"})
done = glance.jobs.wait(job["id"])                     # or a webhook
video = glance.download(done["resultUrl"])`;

export const ERRORS_JS = `import { GlanceError } from "glance-sdk";

try {
  await glance.screenshot({ url: "https://example.com", width: 99999 });
} catch (error) {
  if (!(error instanceof GlanceError)) throw error;
  console.error(error.status, error.code, error.detail, error.requestId); // 400 parameter_out_of_range …
}`;

export const ERRORS_PY = `from glance import GlanceError

try:
    glance.screenshot(url="https://example.com", width=99999)
except GlanceError as error:
    print(error.status, error.code, error.detail, error.request_id)  # 400 parameter_out_of_range …`;

export const SIGN_JS = `import { signUrl } from "glance-sdk";

const src = await signUrl({
  baseUrl: "https://YOUR_GLANCE_HOST",
  path: "/v1/og",
  params: { template: "default", variables: { title: "Hello world" } },
  keyId: process.env.GLANCE_KEY_ID,                 // pk_live_…
  signingSecret: process.env.GLANCE_SIGNING_SECRET, // keep it on the server
  expires: new Date(Date.now() + 7 * 86_400_000),   // optional
});`;

export const SIGN_PY = `import os
from glance import sign_url

src = sign_url("https://YOUR_GLANCE_HOST", "/v1/og",
               {"template": "default", "variables": {"title": "Hello world"}},
               key_id=os.environ["GLANCE_KEY_ID"], signing_secret=os.environ["GLANCE_SIGNING_SECRET"])`;

export const WEBHOOK_JS = `import { verifyWebhook } from "glance-sdk";

// The raw body, exactly as received; throws WebhookVerificationError when it does not verify.
const event = await verifyWebhook(process.env.GLANCE_WEBHOOK_SECRET, request.headers, await request.text());
if (event.type === "job.succeeded") console.log(event.data.resultUrl);`;

export const WEBHOOK_PY = `import os
from glance import verify_webhook

# body: the raw request body (bytes); raises WebhookVerificationError when it does not verify
event = verify_webhook(os.environ["GLANCE_WEBHOOK_SECRET"], request.headers, request.body)`;

export const JOBS_JS = `const job = await glance.jobs.create({ endpoint: "screenshot", params: { url: "https://example.com" } });
const done = await glance.jobs.wait(job.id);           // polls GET /v1/jobs/{id}
if (done.status === "succeeded") await writeFile("page.png", (await glance.download(done.resultUrl)).data);

const batch = await glance.jobs.createBatch({ jobs: urls.map((url) => ({ endpoint: "screenshot", params: { url } })) });`;

export const JOBS_PY = `job = glance.jobs.create("screenshot", {"url": "https://example.com"})
done = glance.jobs.wait(job["id"])                     # polls GET /v1/jobs/{id}
if done["status"] == "succeeded":
    open("page.png", "wb").write(glance.download(done["resultUrl"]).data)

batch = glance.jobs.create_batch([{"endpoint": "screenshot", "params": {"url": url}} for url in urls])`;
