/**
 * Every API example of the docs pages (components/docs/api-examples/catalog.ts), run as its three
 * tabs show it — curl, the TypeScript SDK and the Python SDK (D29) — against the real API over
 * HTTP (./harness.ts). Only the placeholders a reader replaces are swapped: the host, the key, the
 * pages (loopback fixtures instead of example.com), the webhook URL, the e-mail address and the
 * ids of a job, a monitor and a browser session that exist. Each language must exit 0 and write the files it says.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile } from "node:fs/promises";
import { writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type ApiExample,
  exampleCode,
  type ExampleLanguage,
  HOST_PLACEHOLDER,
  type Json,
} from "@/components/docs/api-examples/build";
import * as catalog from "@/components/docs/api-examples/catalog";
import { Glance } from "@/sdks/typescript/src/index";
import { eventually } from "@/tests/support/webhook-receiver";
import { sdkServer } from "./harness";

const { PLACEHOLDERS, ...examples } = catalog;
const LANGUAGES: ExampleLanguage[] = ["curl", "sdk-typescript", "sdk-python"];

const s = sdkServer();
let glance: Glance;
/** Per language: a monitor with its baseline taken (MONITOR_MANAGE deletes it). */
const monitors = new Map<ExampleLanguage, string>();
/** Per language: a browser session waiting for its client (SESSION_MANAGE ends it). */
const sessions = new Map<ExampleLanguage, string>();
let jobId = "";

beforeAll(async () => {
  glance = new Glance({ apiKey: s.account.apiKey, baseUrl: s.origin });
  jobId = (await glance.jobs.create({ endpoint: "og", params: { template: "default", title: "Polled" } })).id;
  for (const language of LANGUAGES) {
    const monitor = await glance.monitors.create({ url: s.fx.url(`basic.html?monitor-${language}`), interval: 3600 });
    monitors.set(language, monitor.id);
    sessions.set(language, (await glance.sessions.create()).id);
  }
  for (const id of monitors.values())
    await eventually(
      async () => (await glance.monitors.runs(id)).some((run) => run.status === "succeeded"),
      "a monitor's baseline",
      120_000,
    );
}, 300_000);

/** The example with the reader's placeholders replaced by what exists on the test server. */
function concrete(example: ApiExample, language: ExampleLanguage): ApiExample {
  const swap = (value: string): string => {
    if (value === PLACEHOLDERS.webhookUrl) return `${s.receiver.origin}/hooks`;
    if (value === PLACEHOLDERS.email) return s.account.email;
    if (value === PLACEHOLDERS.proxy) return s.proxy.url;
    if (value === `${PLACEHOLDERS.page}/help`) return s.fx.url("help.html");
    // A page with a main text, so the Markdown examples print some.
    const page = /^https:\/\/(staging\.)?example\.com(\/.*)?$/.exec(value);
    if (page) return s.fx.url(`content-article.html?docs-${page[1] ? "staging" : ""}${page[2] ?? ""}`);
    return value
      .replace(PLACEHOLDERS.jobId, jobId)
      .replace(PLACEHOLDERS.monitorId, monitors.get(language)!)
      .replace(PLACEHOLDERS.sessionId, sessions.get(language)!);
  };
  const deep = (value: Json): Json =>
    typeof value === "string"
      ? swap(value)
      : Array.isArray(value)
        ? value.map(deep)
        : value !== null && typeof value === "object"
          ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, deep(v)]))
          : value;
  return {
    ...example,
    calls: example.calls.map((call) => ({
      ...call,
      path: swap(call.path),
      params: call.params && (deep(call.params) as typeof call.params),
    })),
  };
}

const tsx = pathToFileURL(path.resolve("node_modules/tsx/dist/loader.mjs")).href;
const sdk = JSON.stringify(path.resolve("sdks/typescript/src/index.ts"));

/** Runs one tab's code in a fresh folder (where it writes its files); its output and the folder. */
async function run(example: ApiExample, language: ExampleLanguage): Promise<{ stdout: string; dir: string }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `glance-docs-${language}-`));
  const code = exampleCode(concrete(example, language), language).replaceAll(HOST_PLACEHOLDER, s.origin);
  const env = {
    ...process.env,
    GLANCE_API_KEY: s.account.apiKey,
    PYTHONPATH: path.resolve("sdks/python"),
    PYTHONDONTWRITEBYTECODE: "1",
  };
  const [command, args, file, text] =
    language === "curl"
      ? ["sh", ["-e", "example.sh"], "example.sh", curlFailing(code, example.curlKey)]
      : language === "sdk-typescript"
        ? [process.execPath, ["--import", tsx, "example.mts"], "example.mts", code.replace(`"glance-sdk"`, sdk)]
        : ["python3", ["example.py"], "example.py", code];
  await writeFile(path.join(dir, file), text);
  const stdout = await new Promise<string>((resolve, reject) =>
    execFile(command, args, { cwd: dir, env, timeout: 120_000 }, (error, out, err) =>
      error ? reject(new Error(`${language} failed:\n${text}\n${out}\n${err}`)) : resolve(out),
    ),
  );
  return { stdout, dir };
}

/** The curl as shown, with the real key, failing on an HTTP error (the shown ones print the problem). */
function curlFailing(code: string, key = "sk_live_…"): string {
  return code
    .replaceAll(`X-API-Key: ${key}`, `X-API-Key: ${s.account.apiKey}`)
    .replace(/^curl /gm, "curl -sS --fail-with-body ");
}

const MAGIC: Record<string, (data: Buffer) => boolean> = {
  png: (d) => d.subarray(1, 4).toString() === "PNG",
  pdf: (d) => d.subarray(0, 4).toString() === "%PDF",
  mp4: (d) => d.subarray(4, 8).toString() === "ftyp",
};

/** Requests that queue work (jobs, monitors' runs): their answer is the queued job or monitor. */
const queues = (example: ApiExample) =>
  example.calls.some((c) => c.method === "POST" && /^\/v1\/(jobs|monitors|crawl)/.test(c.path));
const all = Object.entries(examples);

async function runEverywhere(example: ApiExample): Promise<void> {
  for (const language of LANGUAGES) {
    const { stdout, dir } = await run(example, language);
    for (const call of example.calls) {
      if (!call.saveAs) continue;
      const data = await readFile(path.join(dir, call.saveAs));
      expect(MAGIC[call.saveAs.split(".").pop()!]!(data), `${language}: ${call.saveAs}`).toBe(true);
    }
    if (example.calls.every((c) => c.saveAs)) continue;
    expect(stdout.trim(), `${language} printed the answer`).not.toBe("");
  }
}

it("the catalog holds the docs' examples", () => {
  expect(all.length).toBeGreaterThanOrEqual(15);
});

describe("answered at once: run in each tab", () => {
  for (const [name, example] of all.filter(([, e]) => !queues(e)))
    it(`${name}: curl, the TypeScript SDK and the Python SDK`, () => runEverywhere(example), 240_000);
});

describe("queueing work: run in each tab", () => {
  // What these show is the request and its answer (the queued job, batch or monitor); the work
  // they queue (three 30-second 1080p recordings among it) is not run: the workers stop first, so
  // the file does not end by recording it.
  beforeAll(async () => {
    const { stopMonitoring } = await import("@/lib/monitors/start");
    await stopMonitoring();
  }, 120_000);
  for (const [name, example] of all.filter(([, e]) => queues(e)))
    it(`${name}: curl, the TypeScript SDK and the Python SDK`, () => runEverywhere(example), 240_000);
});
