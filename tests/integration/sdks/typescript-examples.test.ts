/**
 * The TypeScript SDK (D29) as customers meet it, against the real API over HTTP (./harness.ts):
 * the docs playground's SDK snippets and the SDK's examples, run as written.
 */
import { execFile, spawn } from "node:child_process";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { snippet, type SnippetRequest } from "@/components/docs/playground/snippets";
import { eventually } from "@/tests/support/webhook-receiver";
import { pngSize, sdkServer } from "./harness";
import { sdkClient } from "./typescript-client";

const s = sdkServer();
const c = sdkClient(s);

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
    const job = await c.glance.jobs.create({ endpoint: "og", params: { template: "default", title: "Example hook" } });
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
