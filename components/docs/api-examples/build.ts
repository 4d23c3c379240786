/**
 * One docs example, three languages (D29): a request described once as data (method, path,
 * parameters, where the answer goes) is written out as curl and as the TypeScript and Python SDK
 * calls that make the same request, so the tabs cannot drift apart. A request the SDKs have no
 * method for throws here, at build time. tests/integration/sdks/docs-examples.test.ts runs every
 * example of ./catalog.ts in all three against the real server. Plain strings: client-safe.
 */
import { OG_OPTIONS, pyName } from "../playground/sdk-snippets";
import { JS_STYLE, JSON_STYLE, literal, PY_STYLE, quoted, WIDTH } from "./literals";

import type { Json, Params } from "./literals";

export type { Json } from "./literals";

/** One API request of an example. */
interface ApiCall {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  /** The /v1 path, ids as the reader sees them (`/v1/monitors/mon_…/runs`). */
  path: string;
  /** The request's parameters: its query for GET, its JSON body otherwise. */
  params?: Params;
  /** curl asks for the Markdown itself; the SDKs answer JSON and print its `markdown`. */
  accept?: "text/markdown";
  /** The file a rendered answer is written to; without it the answer is JSON and printed. */
  saveAs?: string;
}

export interface ApiExample {
  calls: readonly ApiCall[];
  /** The key curl shows (the SDKs read GLANCE_API_KEY). */
  curlKey?: string;
  /** An answer shown under the code, the same whatever the language. */
  answer?: string;
}

export type ExampleLanguage = "curl" | "sdk-typescript" | "sdk-python";

export const HOST_PLACEHOLDER = "https://YOUR_GLANCE_HOST";
const KEY_PLACEHOLDER = "sk_live_…";

// ---- curl -------------------------------------------------------------------------------------

/** POSIX shell: bare when nothing in it is special, else single-quoted. */
const shell = (value: string) => (/^[\w./:@=-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`);

function queryValue(value: Json): string {
  if (Array.isArray(value)) return value.join(",");
  return value !== null && typeof value === "object" ? JSON.stringify(value) : String(value);
}

/** URL-encoded, but lists' commas and the reader's "…" placeholders left as they are. */
const encoded = (value: string) => encodeURIComponent(value).replaceAll("%2C", ",").replaceAll("%E2%80%A6", "…");

function curlCall(call: ApiCall, key: string): string {
  const query =
    call.method === "GET" && call.params
      ? `?${Object.entries(call.params)
          .map(([name, value]) => `${name}=${encoded(queryValue(value))}`)
          .join("&")}`
      : "";
  const body = call.method !== "GET" && call.params ? call.params : undefined;
  const first = `curl ${call.method === "GET" ? "" : `-X ${call.method} `}${shell(HOST_PLACEHOLDER + call.path + query)}`;
  const headers = [`-H ${shell(`X-API-Key: ${key}`)}`];
  if (call.accept) headers.push(`-H ${shell(`Accept: ${call.accept}`)}`);
  if (body) headers.push(`-H 'Content-Type: application/json'`);
  const lines = [first, headers.join(" ")];
  if (body) lines.push(`-d ${shell(literal(body, JSON_STYLE, "  "))}`);
  if (call.saveAs) lines.push(`--fail-with-body -o ${shell(call.saveAs)}`);
  return lines.join(" \\\n  ");
}

// ---- the SDKs ---------------------------------------------------------------------------------

/** What one call is in each SDK: the method after `glance.`, its arguments, what it answers. */
interface SdkCall {
  ts: string;
  py: string;
  /** The answer's variable name. */
  name: string;
  answer: "file" | "json" | "none";
  /** The answer's field to print (content's `markdown`). */
  field?: string;
}

const omit = (params: Params, ...names: string[]) =>
  Object.fromEntries(Object.entries(params).filter(([name]) => !names.includes(name))) as Params;

const tsArgs = (...args: Json[]) => args.map((a) => literal(a, JS_STYLE)).join(", ");
/** Python arguments: positional values, then the options as keyword arguments (snake_case). */
function pyArgs(positional: Json[], options: Params = {}): string {
  const args = [
    ...positional.map((a) => literal(a, PY_STYLE, "    ")),
    ...Object.entries(options).map(([name, value]) => `${pyName(name)}=${literal(value, PY_STYLE, "    ")}`),
  ];
  const one = args.join(", ");
  return one.length <= WIDTH - 30 ? one : `\n    ${args.join(",\n    ")},\n`;
}

type Route = [RegExp, ApiCall["method"][], (params: Params, id: string, call: ApiCall) => SdkCall];

const render =
  (ts: string, py: string, name: string) =>
  (params: Params): SdkCall => {
    const json = params.response === "json";
    const options = omit(params, "response");
    return {
      ts: `${ts}${json ? "Metadata" : ""}(${tsArgs(options)})`,
      py: `${py}${json ? "_metadata" : ""}(${pyArgs([], options)})`,
      name,
      answer: json ? "json" : "file",
    };
  };

/** A method named alike in both SDKs whose one argument, if any, is the path's id. */
function same(method: string, name: string, answer: SdkCall["answer"] = "json") {
  return (_p: Params, id: string): SdkCall => {
    const call = `${method}(${id && quoted(id)})`;
    return { ts: call, py: call, name, answer };
  };
}

const ROUTES: Route[] = [
  [/^\/v1\/screenshot$/, ["GET", "POST"], render("screenshot", "screenshot", "shot")],
  [/^\/v1\/animate$/, ["GET", "POST"], render("animate", "animate", "video")],
  [
    /^\/v1\/og$/,
    ["GET"],
    (params) => {
      const json = params.response === "json";
      const rest = omit(params, "response");
      const options = Object.fromEntries(Object.entries(rest).filter(([n]) => OG_OPTIONS.has(n) && n !== "template"));
      const variables = Object.fromEntries(Object.entries(rest).filter(([n]) => !OG_OPTIONS.has(n)));
      return {
        ts: `og${json ? "Metadata" : ""}(${tsArgs({ ...(params.template ? { template: params.template } : {}), ...options, variables })})`,
        py: `og${json ? "_metadata" : ""}(${pyArgs([params.template ?? "default", variables], options)})`,
        name: "card",
        answer: json ? "json" : "file",
      };
    },
  ],
  [
    /^\/v1\/content$/,
    ["GET", "POST"],
    (params, _id, call) => {
      const markdown = call.accept === "text/markdown" || params.response === "markdown";
      const options = markdown ? { ...omit(params, "response"), formats: ["markdown"] } : omit(params, "response");
      const field = markdown ? "markdown" : undefined;
      return {
        ts: `content(${tsArgs(options)})`,
        py: `content(${pyArgs([], options)})`,
        name: "page",
        answer: "json",
        field,
      };
    },
  ],
  [
    /^\/v1\/diff$/,
    ["GET", "POST"],
    (p) => ({ ts: `diff(${tsArgs(p)})`, py: `diff(${pyArgs([], p)})`, name: "diff", answer: "json" }),
  ],
  [/^\/v1\/usage$/, ["GET"], () => ({ ts: "usage()", py: "usage()", name: "usage", answer: "json" })],
  [
    /^\/v1\/map$/,
    ["GET"],
    (p) => ({ ts: `map(${tsArgs(p)})`, py: `map(${pyArgs([], p)})`, name: "site", answer: "json" }),
  ],
  [
    /^\/v1\/crawl$/,
    ["POST"],
    (p) => ({ ts: `crawls.start(${tsArgs(p)})`, py: `crawls.start(${pyArgs([], p)})`, name: "crawl", answer: "json" }),
  ],
  [/^\/v1\/crawl\/([^/]+)$/, ["GET"], (_p, id) => byId("crawls.get", "crawls.get", id, "results")],
  [/^\/v1\/sessions$/, ["POST"], same("sessions.create", "session")],
  [/^\/v1\/sessions$/, ["GET"], same("sessions.list", "sessions")],
  [/^\/v1\/sessions\/([^/]+)$/, ["GET"], same("sessions.get", "session")],
  [/^\/v1\/sessions\/([^/]+)$/, ["DELETE"], same("sessions.delete", "", "none")],
  [
    /^\/v1\/jobs$/,
    ["POST"],
    (p) => ({
      ts: `jobs.create(${tsArgs(p)})`,
      py: `jobs.create(${pyArgs([p.endpoint, p.params], omit(p, "endpoint", "params"))})`,
      name: "job",
      answer: "json",
    }),
  ],
  [
    /^\/v1\/jobs\/bulk$/,
    ["POST"],
    (p) => ({
      ts: `jobs.createBatch(${tsArgs(p)})`,
      py: `jobs.create_batch(${pyArgs([p.jobs], omit(p, "jobs"))})`,
      name: "batch",
      answer: "json",
    }),
  ],
  [/^\/v1\/jobs\/bulk\/([^/]+)$/, ["GET"], (_p, id) => byId("jobs.getBatch", "jobs.get_batch", id, "batch")],
  [/^\/v1\/jobs\/([^/]+)$/, ["GET"], (_p, id) => byId("jobs.get", "jobs.get", id, "job")],
  [
    /^\/v1\/monitors$/,
    ["POST"],
    (p) => ({
      ts: `monitors.create(${tsArgs(p)})`,
      py: `monitors.create(${pyArgs([], p)})`,
      name: "monitor",
      answer: "json",
    }),
  ],
  [/^\/v1\/monitors$/, ["GET"], same("monitors.list", "monitors")],
  [/^\/v1\/monitors\/([^/]+)\/runs$/, ["GET"], (_p, id) => byId("monitors.runs", "monitors.runs", id, "runs")],
  [/^\/v1\/monitors\/([^/]+)\/run$/, ["POST"], (_p, id) => byId("monitors.run", "monitors.run", id, "run")],
  [/^\/v1\/monitors\/([^/]+)$/, ["GET"], (_p, id) => byId("monitors.get", "monitors.get", id, "monitor")],
  [
    /^\/v1\/monitors\/([^/]+)$/,
    ["PATCH"],
    (p, id) => ({
      ts: `monitors.update(${tsArgs(id, p)})`,
      py: `monitors.update(${pyArgs([id], p)})`,
      name: "monitor",
      answer: "json",
    }),
  ],
  [/^\/v1\/monitors\/([^/]+)$/, ["DELETE"], same("monitors.delete", "", "none")],
];

function byId(ts: string, py: string, id: string, name: string): SdkCall {
  return { ts: `${ts}(${quoted(id)})`, py: `${py}(${quoted(id)})`, name, answer: "json" };
}

function sdkCall(call: ApiCall): SdkCall {
  for (const [pattern, methods, make] of ROUTES) {
    const match = pattern.exec(call.path);
    if (match && methods.includes(call.method))
      return make(call.params ?? {}, decodeURIComponent(match[1] ?? ""), call);
  }
  throw new Error(`the SDKs have no method for ${call.method} ${call.path}`);
}

/** Each call with a variable name of its own (runs, run, monitor…; a second shot is shot2). */
function named(example: ApiExample): SdkCall[] {
  const seen = new Map<string, number>();
  return example.calls.map((call) => {
    const sdk = sdkCall(call);
    if (sdk.answer === "file" && !call.saveAs) throw new Error(`${call.path}: a file answer needs saveAs`);
    const count = (seen.get(sdk.name) ?? 0) + 1;
    seen.set(sdk.name, count);
    return count > 1 ? { ...sdk, name: `${sdk.name}${count}` } : sdk;
  });
}

function typescript(example: ApiExample): string {
  const calls = named(example);
  const lines = [
    ...(calls.some((c) => c.answer === "file") ? [`import { writeFile } from "node:fs/promises";`] : []),
    `import { Glance } from "glance-sdk";`,
    ``,
    `const glance = new Glance({ apiKey: process.env.GLANCE_API_KEY!, baseUrl: ${quoted(HOST_PLACEHOLDER)} });`,
  ];
  example.calls.forEach((call, i) => {
    const c = calls[i]!;
    if (c.answer === "none") return void lines.push(`await glance.${c.ts};`);
    lines.push(`const ${c.name} = await glance.${c.ts};`);
    if (c.answer === "file") lines.push(`await writeFile(${quoted(call.saveAs!)}, ${c.name}.data);`);
    else lines.push(`console.log(${c.name}${c.field ? `.${c.field}` : ""});`);
  });
  return lines.join("\n");
}

function python(example: ApiExample): string {
  const calls = named(example);
  const lines = [
    `import os`,
    `from glance import Glance`,
    ``,
    `glance = Glance(api_key=os.environ["GLANCE_API_KEY"], base_url=${quoted(HOST_PLACEHOLDER)})`,
  ];
  example.calls.forEach((call, i) => {
    const c = calls[i]!;
    if (c.answer === "none") return void lines.push(`glance.${c.py}`);
    lines.push(`${c.name} = glance.${c.py}`);
    if (c.answer === "file")
      lines.push(`with open(${quoted(call.saveAs!)}, "wb") as f:`, `    f.write(${c.name}.data)`);
    else lines.push(`print(${c.name}${c.field ? `[${quoted(c.field)}]` : ""})`);
  });
  return lines.join("\n");
}

/** The example in one language. */
export function exampleCode(example: ApiExample, language: ExampleLanguage): string {
  if (language === "sdk-typescript") return typescript(example);
  if (language === "sdk-python") return python(example);
  return example.calls.map((call) => curlCall(call, example.curlKey ?? KEY_PLACEHOLDER)).join("\n");
}
