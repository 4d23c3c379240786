/**
 * What the Go, PHP, Ruby and Java SDKs' test files share (D37): on the file's server
 * (./harness.ts), a JSON file describing it for the SDK's own test suite (keys, the fixture pages,
 * a real signed webhook delivery, a URL the TypeScript SDK and the server signed for the same
 * inputs), a front that answers each request's first try with a real 429 rate_limited problem
 * carrying Retry-After: 1 and passes the retry on to the server, and running a toolchain's command
 * with its output.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import { snippet, type SnippetLanguage } from "@/components/docs/playground/snippets";
import { ApiError, problemResponse } from "@/lib/vocabulary/errors";
import { signUrl as serverSignUrl } from "@/lib/signing/canonical";
import { signUrl } from "@/sdks/typescript/src/index";
import { madeInBeforeAll } from "@/tests/support/test-env";
import { eventually } from "@/tests/support/webhook-receiver";
import { pngSize, type sdkServer } from "./harness";

type Server = ReturnType<typeof sdkServer>;

/** Headers of one connection, not passed on (Java's client asks every plain-HTTP server for h2c). */
const HOP_BY_HOP = new Set(["connection", "upgrade", "http2-settings", "keep-alive", "host", "transfer-encoding"]);

/** A front of the API whose first answer to each method and URL is 429 with Retry-After: 1. */
async function startThrottle(origin: () => string): Promise<{ origin: string; close: () => Promise<void> }> {
  const seen = new Set<string>();
  const answer = async (req: http.IncomingMessage): Promise<Response> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const key = `${req.method} ${req.url}`;
    const first = !seen.has(key);
    seen.add(key);
    if (first)
      return problemResponse(
        new ApiError("rate_limited", "Too many requests this minute.", { headers: { "Retry-After": "1" } }),
      );
    const headers = Object.entries(req.headers).filter(
      (e): e is [string, string] => typeof e[1] === "string" && !HOP_BY_HOP.has(e[0]),
    );
    const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
    return fetch(`${origin()}${req.url}`, { method: req.method, headers, body });
  };
  const server = http.createServer((req, res) => {
    answer(req)
      .then(async (response) => {
        const headers = Object.fromEntries(response.headers);
        delete headers["content-encoding"];
        delete headers["transfer-encoding"];
        res.writeHead(response.status, headers).end(Buffer.from(await response.arrayBuffer()));
      })
      .catch((error: unknown) => res.writeHead(502, { "content-type": "text/plain" }).end(String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A job whose end the server delivers, signed, to the receiver: the SDKs' tests verify that delivery. */
async function realDelivery(s: Server) {
  const accepted = await fetch(`${s.origin}/v1/jobs`, {
    method: "POST",
    headers: { "X-API-Key": s.account.apiKey, "Content-Type": "application/json" },
    body: JSON.stringify({ endpoint: "og", params: { template: "default", title: "SDK webhook" } }),
  });
  expect(accepted.status).toBe(202);
  const { id } = (await accepted.json()) as { id: string };
  await eventually(() => s.receiver.received.some((r) => r.body.includes(id)), "the job's webhook", 60_000);
  const delivery = s.receiver.received.find((r) => r.body.includes(id))!;
  return { job_id: id, headers: delivery.headers, body: delivery.body, secret: s.webhookSecret };
}

/** Registers (after sdkServer()) the config file and the throttling front for the file's SDK. */
export function languageSuite(s: Server): { readonly configFile: string } {
  let configFile: string | undefined;
  let throttle: Awaited<ReturnType<typeof startThrottle>> | undefined;
  let dir: string | undefined;
  beforeAll(async () => {
    throttle = await startThrottle(() => s.origin);
    const signer = { keyId: s.account.publicId, signingSecret: s.account.signingSecret };
    const expires = Math.floor(Date.now() / 1000) + 600;
    const variables = { title: "Ünïcode & spaces + symbols/?~*'()", accent: "#ff0000" };
    const tsSigned = await signUrl({
      baseUrl: s.origin,
      path: "/v1/og",
      params: { template: "default", variables },
      ...signer,
      expires,
    });
    // The TypeScript SDK signs as the server does (typescript-signing.test.ts); checked again here for these inputs.
    const theirs = serverSignUrl(s.origin, "/v1/og", { template: "default", ...variables }, { ...signer, expires });
    expect(new URL(tsSigned).searchParams.get("signature")).toBe(new URL(theirs).searchParams.get("signature"));
    const config = {
      base_url: s.origin,
      throttled_base_url: throttle.origin,
      api_key: s.account.apiKey,
      free_api_key: s.free.apiKey,
      key_id: s.account.publicId,
      signing_secret: s.account.signingSecret,
      fixture: s.fx.origin,
      typescript_signed: { template: "default", variables, expires, url: tsSigned },
      webhook: await realDelivery(s),
    };
    dir = await mkdtemp(path.join(os.tmpdir(), "glance-sdk-"));
    configFile = path.join(dir, "config.json");
    await writeFile(configFile, JSON.stringify(config));
  }, 90_000);
  afterAll(async () => {
    await throttle?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  return {
    get configFile() {
      return madeInBeforeAll(configFile, "the SDK test config");
    },
  };
}

/** Runs `command` in `cwd` (relative to the repository), answering its exit code and output. */
export function run(
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
  timeoutMs = 240_000,
): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      { cwd: path.resolve(cwd), env: { ...process.env, ...env }, timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, output: stdout + stderr }),
    );
  });
}

/**
 * Runs an SDK's quickstart as its README says (in the SDK's folder, the key and base URL in the
 * environment, a page URL as its argument) and checks the screenshot.png it writes there: a real
 * 1280×800 PNG. The file is removed after (it is git-ignored meanwhile).
 */
export async function checkQuickstart(
  s: Server,
  folder: string,
  command: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<string> {
  const page = s.fx.url("basic.html?quickstart-" + path.basename(folder));
  const shot = path.join(folder, "screenshot.png");
  await rm(shot, { force: true });
  try {
    const { code, output } = await run(command, [...args, page], folder, {
      ...env,
      GLANCE_API_KEY: s.account.apiKey,
      GLANCE_BASE_URL: s.origin,
    });
    expect(code, output).toBe(0);
    const bytes = await readFile(shot);
    expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(pngSize(bytes)).toEqual({ width: 1280, height: 800 });
    expect(output).toMatch(/screenshot\.png: \d+ bytes \(cache MISS\)/);
    expect(output).toContain("refused: 400 parameter_out_of_range");
    return output;
  } finally {
    await rm(shot, { force: true });
  }
}

/**
 * Runs the playground's snippets of `language` (components/docs/playground/sdk-snippets-languages.ts)
 * as written, each in a fresh folder holding it as `file`, through `runIn`: a screenshot written
 * to its file (a real 320×200 PNG) and an OG image's JSON metadata printed.
 */
export async function checkSnippets(
  s: Server,
  language: SnippetLanguage,
  file: string,
  runIn: (dir: string) => Promise<{ code: number; output: string }>,
): Promise<void> {
  const page = encodeURIComponent(s.fx.url(`basic.html?snippet-${language}`));
  const shot = `${s.origin}/v1/screenshot?url=${page}&width=320&height=200&fullPage=false`;
  const og = `${s.origin}/v1/og?template=default&title=${encodeURIComponent(`Snippet #{1} 'n' ${language}`)}&width=600&height=315&response=json`;
  const requests = [
    { url: shot, apiKey: s.account.apiKey, json: false, fileName: "shot.png" },
    { url: og, apiKey: s.account.apiKey, json: true, fileName: "" },
  ];
  for (const request of requests) {
    const dir = await mkdtemp(path.join(os.tmpdir(), `glance-${language}-`));
    try {
      await writeFile(path.join(dir, file), snippet(language, request));
      const { code, output } = await runIn(dir);
      expect(code, output).toBe(0);
      if (request.json) expect(output).toMatch(/template\W+default/);
      else expect(pngSize(await readFile(path.join(dir, "shot.png")))).toEqual({ width: 320, height: 200 });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}
