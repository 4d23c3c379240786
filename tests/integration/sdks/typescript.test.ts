/**
 * The TypeScript SDK (sdks/typescript, D29) against the real API over HTTP (./harness.ts): renders
 * through its client, a signed URL it builds that the server accepts (and refuses once tampered
 * with), a real webhook delivery verified (and refused once tampered with), problem+json answers
 * thrown as GlanceError with their code, a real 503 renderer_busy retried after its Retry-After, and
 * the docs playground's SDK snippets run as written.
 */
import { execFile, spawn } from "node:child_process";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { snippet, type SnippetRequest } from "@/components/docs/playground/snippets";
import { signUrl as serverSignUrl } from "@/lib/signing/canonical";
import { Glance, GlanceError, signUrl, verifyWebhook, WebhookVerificationError } from "@/sdks/typescript/src/index";
import { eventually } from "@/tests/support/webhook-receiver";
import { pngSize, sdkServer } from "./harness";

const s = sdkServer();
const now = () => Math.floor(Date.now() / 1000);
let glance: Glance;

beforeAll(async () => {
  glance = new Glance({ apiKey: s.account.apiKey, baseUrl: s.origin });
});

async function thrown(promise: Promise<unknown>): Promise<GlanceError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GlanceError);
  return error as GlanceError;
}

describe("client", () => {
  it("screenshot: the PNG at the size asked for, then the same from the cache", async () => {
    const options = { url: s.fx.url("basic.html?sdk-ts"), width: 640, height: 400 };
    const first = await glance.screenshot(options);
    expect(first.contentType).toBe("image/png");
    expect(pngSize(first.data)).toEqual({ width: 640, height: 400 });
    expect(first.cache).toBe("MISS");
    expect(first.requestId).toBeTruthy();
    const again = await glance.screenshot(options);
    expect(again.cache).toBe("HIT");

    const meta = await glance.screenshotMetadata(options);
    expect(meta).toMatchObject({ width: 640, height: 400, format: "png" });
    const file = await glance.download(meta.imageUrl);
    expect(pngSize(file.data)).toEqual({ width: 640, height: 400 });
  });

  it("og: a template with its variables, as an image and as metadata", async () => {
    const image = await glance.og({ template: "default", variables: { title: "Hello from the SDK" } });
    expect(image.contentType).toBe("image/png");
    expect(pngSize(image.data)).toEqual({ width: 1200, height: 630 });
    const meta = await glance.ogMetadata({ template: "default", variables: { title: "Hello from the SDK" } });
    expect(meta).toMatchObject({ template: "default", width: 1200, height: 630 });
    expect((await glance.ogTemplates()).templates.map((t) => t.name)).toContain("blog-post");
  });

  it("content: a page as Markdown", async () => {
    const result = await glance.content({ url: s.fx.url("content-article.html"), formats: ["markdown", "metadata"] });
    expect(result.markdown).toMatch(/^# /m);
    expect(result.metadata).toBeTruthy();
  });

  it("jobs: create, wait and the result file; usage counts the renders", async () => {
    const job = await glance.jobs.create({
      endpoint: "screenshot",
      params: { url: s.fx.url("basic.html?sdk-ts-job"), width: 320, height: 240 },
    });
    expect(job.status).toBe("queued");
    const done = await glance.jobs.wait(job.id, { intervalMs: 200 });
    expect(done.status).toBe("succeeded");
    expect(pngSize((await glance.download(done.resultUrl!)).data)).toEqual({ width: 320, height: 240 });
    expect((await glance.usage()).renders.used).toBeGreaterThanOrEqual(1);
  });

  it("animate, diff and a batch of jobs", async () => {
    const gif = await glance.animate({
      url: s.fx.url("basic.html?sdk-gif"),
      format: "gif",
      duration: 2000,
      fps: 5,
      width: 320,
      height: 240,
    });
    expect(gif.contentType).toBe("image/gif");
    expect(new TextDecoder().decode(gif.data.subarray(0, 4))).toBe("GIF8");

    const same = await glance.diff({
      url: s.fx.url("basic.html?sdk-a"),
      compareUrl: s.fx.url("basic.html?sdk-b"),
      width: 320,
      height: 240,
    });
    expect(same).toMatchObject({ width: 320, height: 240, changedPixels: 0, boxes: [] });

    const batch = await glance.jobs.createBatch({
      jobs: [1, 2].map((n) => ({ endpoint: "og" as const, params: { template: "default", title: `Batch ${n}` } })),
    });
    expect(batch.size).toBe(2);
    await eventually(async () => (await glance.jobs.getBatch(batch.id)).status === "finished", "the batch's end");
    expect((await glance.jobs.getBatch(batch.id)).counts).toMatchObject({ succeeded: 2, failed: 0 });
  });

  it("monitors: create, list, update, delete; a deleted one is a 404", async () => {
    const monitor = await glance.monitors.create({
      url: s.fx.url("basic.html?sdk-monitor"),
      interval: 3600,
      paused: true,
    });
    expect((await glance.monitors.list()).map((m) => m.id)).toContain(monitor.id);
    expect((await glance.monitors.update(monitor.id, { name: "SDK watch" })).name).toBe("SDK watch");
    await glance.monitors.delete(monitor.id);
    const error = await thrown(glance.monitors.get(monitor.id));
    expect([error.status, error.code]).toEqual([404, "monitor_not_found"]);
  });
});

describe("errors", () => {
  it("a problem+json answer is a GlanceError with its status, code, detail and request id", async () => {
    const badKey = await thrown(
      new Glance({ apiKey: `sk_live_${"x".repeat(32)}`, baseUrl: s.origin }).screenshot({
        url: s.fx.url("basic.html"),
      }),
    );
    expect([badKey.status, badKey.code, badKey.detail]).toEqual([
      401,
      "invalid_api_key",
      "Invalid or revoked API key.",
    ]);
    expect(badKey.requestId).toBeTruthy();
    expect(badKey.type).toBe(`${s.origin}/docs/errors#invalid_api_key`);

    const range = await thrown(glance.screenshot({ url: s.fx.url("basic.html"), width: 99_999 }));
    expect([range.status, range.code]).toEqual([400, "parameter_out_of_range"]);
    expect(range.detail).toMatch(/width/);

    const plan = await thrown(
      new Glance({ apiKey: s.free.apiKey, baseUrl: s.origin }).og({ template: "default", variables: { title: "x" } }),
    );
    expect([plan.status, plan.code]).toEqual([403, "plan_upgrade_required"]);
  });

  it("a 503 renderer_busy is retried after its Retry-After; with no retries left it is thrown", async () => {
    const statuses: number[] = [];
    const observed: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      statuses.push(response.status);
      return response;
    };
    // The one renderer slot, held by a page whose server answers after 5 s.
    const busy = glance.screenshot({ url: s.fx.url("slow.html?ms=5000&sdk-busy"), width: 320, height: 240 });
    await eventually(() => s.fx.hitsFor("/slow.html") > 0, "the slow page requested");
    const quick = { url: s.fx.url("basic.html?sdk-retry"), width: 300, height: 200, timeout: 4000 };

    const refused = await thrown(
      new Glance({ apiKey: s.account.apiKey, baseUrl: s.origin, maxRetries: 0 }).screenshot(quick),
    );
    expect([refused.status, refused.code]).toEqual([503, "renderer_busy"]);
    expect(refused.retryAfter).toBeGreaterThanOrEqual(1);

    const patient = new Glance({ apiKey: s.account.apiKey, baseUrl: s.origin, maxRetries: 8, fetch: observed });
    const shot = await patient.screenshot(quick);
    expect(pngSize(shot.data)).toEqual({ width: 300, height: 200 });
    expect(statuses[0]).toBe(503);
    expect(statuses.at(-1)).toBe(200);
    await busy;
  });
});

describe("signed URLs", () => {
  it("the SDK signs exactly as the server does", async () => {
    const params = { template: "default", title: "Ünïcode & spaces + symbols/?", accent: "#ff0000" };
    const credentials = { keyId: s.account.publicId, signingSecret: s.account.signingSecret, expires: now() + 600 };
    const ours = await signUrl({
      baseUrl: s.origin,
      path: "/v1/og",
      params: { template: "default", variables: { title: params.title, accent: params.accent } },
      ...credentials,
    });
    const theirs = serverSignUrl(s.origin, "/v1/og", params, credentials);
    expect(new URL(ours).searchParams.get("signature")).toBe(new URL(theirs).searchParams.get("signature"));
  });

  it("a signed URL is served without the key; a tampered one is refused with 403 invalid_signature", async () => {
    const url = await signUrl({
      baseUrl: s.origin,
      path: "/v1/og",
      params: { template: "default", variables: { title: "Signed by the SDK" } },
      keyId: s.account.publicId,
      signingSecret: s.account.signingSecret,
      expires: new Date(Date.now() + 600_000),
    });
    const ok = await fetch(url);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toBe("image/png");

    const tampered = url.replace("Signed%20by%20the%20SDK", "Signed%20by%20someone%20else");
    expect(tampered).not.toBe(url);
    const refused = await fetch(tampered);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe("invalid_signature");

    const screenshot = await signUrl({
      baseUrl: s.origin,
      path: "/v1/screenshot",
      params: { url: s.fx.url("basic.html?sdk-signed"), width: 200, height: 100 },
      keyId: s.account.publicId,
      signingSecret: s.account.signingSecret,
    });
    const shot = await fetch(screenshot);
    expect(shot.status).toBe(200);
    expect(pngSize(new Uint8Array(await shot.arrayBuffer()))).toEqual({ width: 200, height: 100 });
  });
});

describe("webhooks", () => {
  it("a real delivery verifies; a changed body, signature or stale timestamp is refused", async () => {
    const job = await glance.jobs.create({ endpoint: "og", params: { template: "default", title: "Webhook" } });
    await glance.jobs.wait(job.id, { intervalMs: 200 });
    await eventually(() => s.receiver.received.some((r) => r.body.includes(job.id)), "the job's webhook");
    const delivery = s.receiver.received.find((r) => r.body.includes(job.id))!;

    const event = await verifyWebhook(s.webhookSecret, delivery.headers, delivery.body);
    expect(event.type).toBe("job.succeeded");
    expect(event.data).toMatchObject({ id: job.id, status: "succeeded" });
    // The fetch API's Headers work as well as a plain object.
    await expect(verifyWebhook(s.webhookSecret, new Headers(delivery.headers), delivery.body)).resolves.toBeTruthy();

    const refusedWith = async (secret: string, headers: Record<string, string>, body: string) => {
      const error = await verifyWebhook(secret, headers, body).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(WebhookVerificationError);
      return (error as Error).message;
    };
    expect(await refusedWith(s.webhookSecret, delivery.headers, delivery.body.replace("succeeded", "failed"))).toBe(
      "invalid webhook signature",
    );
    const otherSecret = `whsec_${Buffer.from("another account's secret").toString("base64")}`;
    expect(await refusedWith(otherSecret, delivery.headers, delivery.body)).toBe("invalid webhook signature");
    const stale = { ...delivery.headers, "webhook-timestamp": String(now() - 3600) };
    expect(await refusedWith(s.webhookSecret, stale, delivery.body)).toBe("webhook timestamp out of tolerance");
    const { "webhook-signature": _, ...unsigned } = delivery.headers;
    expect(await refusedWith(s.webhookSecret, unsigned, delivery.body)).toBe("missing webhook headers");
  });
});

describe("the docs playground's SDK snippets (components/docs/playground/sdk-snippets.ts)", () => {
  const exec = promisify(execFile);

  /**
   * Runs both SDK snippets of `request` (its fileName in a fresh folder): the TypeScript one with
   * tsx (from the repository, where tsx resolves), the Python one with python3.
   */
  async function runSnippets(request: SnippetRequest, dir: string): Promise<{ typescript: string; python: string }> {
    const sdk = JSON.stringify(path.resolve("sdks/typescript/src/index.ts"));
    await writeFile(path.join(dir, "snippet.mts"), snippet("sdk-typescript", request).replace(`"glance-sdk"`, sdk));
    await writeFile(path.join(dir, "snippet.py"), snippet("sdk-python", request));
    const env = { ...process.env, PYTHONPATH: path.resolve("sdks/python"), PYTHONDONTWRITEBYTECODE: "1" };
    const ts = await exec(process.execPath, ["--import", "tsx", path.join(dir, "snippet.mts")], { env });
    const py = await exec("python3", [path.join(dir, "snippet.py")], { env });
    return { typescript: ts.stdout, python: py.stdout };
  }

  it("a screenshot and an OG image are written to their files; JSON metadata is printed", async () => {
    const shot = `${s.origin}/v1/screenshot?url=${encodeURIComponent(s.fx.url("basic.html?snippet"))}&width=320&height=200&fullPage=false`;
    const dir = await mkdtemp(path.join(os.tmpdir(), "glance-snippet-"));
    const file = (name: string) => path.join(dir, name);
    await runSnippets({ url: shot, apiKey: s.account.apiKey, json: false, fileName: file("shot.png") }, dir);
    expect(pngSize(new Uint8Array(await readFile(file("shot.png"))))).toEqual({ width: 320, height: 200 });

    const og = `${s.origin}/v1/og?template=default&title=${encodeURIComponent("Snippet 42")}&width=600&height=315`;
    await runSnippets({ url: og, apiKey: s.account.apiKey, json: false, fileName: file("og.png") }, dir);
    expect(pngSize(new Uint8Array(await readFile(file("og.png"))))).toEqual({ width: 600, height: 315 });

    const meta = await runSnippets(
      { url: `${og}&response=json`, apiKey: s.account.apiKey, json: true, fileName: "" },
      dir,
    );
    expect(meta.typescript).toMatch(/template: 'default'/);
    expect(meta.python).toMatch(/'template': 'default'/);
  });

  it("a diff (the monitors page's playground) is printed: it answers JSON only", async () => {
    const pages = ["a", "b"].map((q) => encodeURIComponent(s.fx.url(`basic.html?snippet-${q}`)));
    const diff = `${s.origin}/v1/diff?url=${pages[0]}&compareUrl=${pages[1]}&width=320&height=200`;
    const dir = await mkdtemp(path.join(os.tmpdir(), "glance-snippet-"));
    const out = await runSnippets({ url: diff, apiKey: s.account.apiKey, json: true, fileName: "" }, dir);
    expect(out.typescript).toMatch(/changedPixels: 0/);
    expect(out.python).toMatch(/'changedPixels': 0/);
  });
});

describe("the SDK's examples (sdks/typescript/examples), run as a customer would", () => {
  const exec = promisify(execFile);
  const tsx = ["--import", pathToFileURL(path.resolve("node_modules/tsx/dist/loader.mjs")).href];
  // "glance-sdk" resolves through tsconfig.json's paths to the SDK's source.
  const env = (extra: Record<string, string>) => ({
    ...process.env,
    TSX_TSCONFIG_PATH: path.resolve("tsconfig.json"),
    GLANCE_BASE_URL: s.origin,
    ...extra,
  });
  const example = (name: string) => path.resolve("sdks/typescript/examples", name);

  it("quickstart writes a screenshot and an OG image and shows a refusal's code", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "glance-example-"));
    const { stdout } = await exec(
      process.execPath,
      [...tsx, example("quickstart.ts"), s.fx.url("basic.html?example")],
      {
        cwd: dir,
        env: env({ GLANCE_API_KEY: s.account.apiKey }),
      },
    );
    expect(stdout).toMatch(/screenshot\.png: \d+ bytes \(cache MISS\)/);
    expect(stdout).toContain("refused: 400 parameter_out_of_range");
    expect(pngSize(new Uint8Array(await readFile(path.join(dir, "screenshot.png"))))).toEqual({
      width: 1280,
      height: 800,
    });
    expect(pngSize(new Uint8Array(await readFile(path.join(dir, "og.png"))))).toEqual({ width: 1200, height: 630 });
  });

  it("signed-url prints a URL the server serves", async () => {
    const { stdout } = await exec(process.execPath, [...tsx, example("signed-url.ts"), "From the example"], {
      env: env({ GLANCE_KEY_ID: s.account.publicId, GLANCE_SIGNING_SECRET: s.account.signingSecret }),
    });
    const response = await fetch(stdout.trim());
    expect([response.status, response.headers.get("content-type")]).toEqual([200, "image/png"]);
  });

  it("webhook-receiver accepts a real delivery and refuses it tampered with", async () => {
    const job = await glance.jobs.create({ endpoint: "og", params: { template: "default", title: "Example hook" } });
    await eventually(() => s.receiver.received.some((r) => r.body.includes(job.id)), "the job's webhook");
    const delivery = s.receiver.received.find((r) => r.body.includes(job.id))!;
    const port = 3161;
    const child = spawn(process.execPath, [...tsx, example("webhook-receiver.ts")], {
      env: env({ GLANCE_WEBHOOK_SECRET: s.webhookSecret, PORT: String(port) }),
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    try {
      // The delivery's own headers, less those of its connection (a changed body has another length).
      const { "content-length": _length, host: _host, connection: _connection, ...headers } = delivery.headers;
      const post = async (body: string) => {
        for (;;) {
          const answer = await fetch(`http://127.0.0.1:${port}/`, {
            method: "POST",
            headers,
            body,
          }).catch((error: Error & { cause?: { code?: string } }) => {
            if (error.cause?.code === "ECONNREFUSED") return undefined; // not listening yet
            throw error;
          });
          if (answer) return answer.status;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      };
      expect(await post(delivery.body)).toBe(204);
      expect(await post(delivery.body.replace(`"succeeded"`, `"failed"`))).toBe(400);
      await eventually(() => output.includes(`job.succeeded: {"id":"${job.id}"`), "the receiver's log line");
    } finally {
      child.kill();
    }
  });
});
