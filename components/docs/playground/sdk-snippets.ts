/**
 * The SDKs' version of a playground request (D29): the same endpoint and parameters as the curl
 * snippet, through sdks/typescript or sdks/python. Values are read back from the query: numbers
 * and booleans become literals (the SDKs' types want them so), an OG template's variables go in
 * `variables`. tests/integration/sdks/typescript.test.ts runs these against the real server.
 */

/** The request, as snippets.ts describes it (its SnippetRequest; not imported: it imports this file). */
export interface SnippetRequest {
  url: string;
  apiKey: string;
  json: boolean;
  fileName: string;
}

/** The client methods by endpoint path: the file answer, the JSON answer. */
const METHODS: Record<string, { file: string; json: string; python: { file: string; json: string } }> = {
  "/v1/screenshot": {
    file: "screenshot",
    json: "screenshotMetadata",
    python: { file: "screenshot", json: "screenshot_metadata" },
  },
  "/v1/og": { file: "og", json: "ogMetadata", python: { file: "og", json: "og_metadata" } },
  "/v1/animate": { file: "animate", json: "animateMetadata", python: { file: "animate", json: "animate_metadata" } },
  // Content and diff always answer JSON through the SDKs (content's Markdown is one of its fields).
  "/v1/content": { file: "content", json: "content", python: { file: "content", json: "content" } },
  "/v1/diff": { file: "diff", json: "diff", python: { file: "diff", json: "diff" } },
  "/v1/map": { file: "map", json: "map", python: { file: "map", json: "map" } },
};
export const JSON_ONLY = new Set(["/v1/content", "/v1/diff", "/v1/map"]);

/** The OG parameters that are not template variables. */
export const OG_OPTIONS = new Set(["template", "format", "width", "height", "quality"]);
/** Set by the SDK itself. */
const MANAGED = new Set(["api_key", "response", "key_id", "expires", "signature"]);

export type Value = string | number | boolean;

function literal(text: string): Value {
  if (/^-?\d+(\.\d+)?$/.test(text) && text.length < 16) return Number(text);
  if (text === "true" || text === "false") return text === "true";
  return text;
}

/** A double-quoted string literal valid in both JavaScript and Python. */
function quoted(value: string): string {
  return JSON.stringify(value).replace(/[\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
}

export interface Parsed {
  path: string;
  origin: string;
  options: [string, Value][];
  variables: [string, string][];
  template: string | undefined;
}

export function parse(r: SnippetRequest): Parsed | undefined {
  const url = new URL(r.url);
  if (!METHODS[url.pathname]) return undefined;
  const og = url.pathname === "/v1/og";
  const parsed: Parsed = { path: url.pathname, origin: url.origin, options: [], variables: [], template: undefined };
  for (const [name, value] of url.searchParams) {
    if (MANAGED.has(name)) continue;
    if (og && name === "template") parsed.template = value;
    else if (og && !OG_OPTIONS.has(name)) parsed.variables.push([name, value]);
    else parsed.options.push([name, literal(value)]);
  }
  return parsed;
}

const jsKey = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : quoted(name));
const jsValue = (value: Value) => (typeof value === "string" ? quoted(value) : String(value));

function jsObject(entries: [string, string][]): string {
  return `{ ${entries.map(([k, v]) => `${jsKey(k)}: ${v}`).join(", ")} }`;
}

export function sdkTypescriptSnippet(r: SnippetRequest): string {
  const p = parse(r);
  if (!p) return "// This endpoint has no SDK example yet: see the curl tab.";
  const entries: [string, string][] = [];
  if (p.template !== undefined) entries.push(["template", quoted(p.template)]);
  for (const [name, value] of p.options) entries.push([name, jsValue(value)]);
  if (p.variables.length) entries.push(["variables", jsObject(p.variables.map(([k, v]) => [k, quoted(v)]))]);
  const method = METHODS[p.path]!;
  const asFile = !r.json && !JSON_ONLY.has(p.path);
  const lines = [
    ...(asFile ? [`import { writeFile } from "node:fs/promises";`] : []),
    `import { Glance } from "glance-sdk";`,
    ``,
    `const glance = new Glance({ apiKey: ${quoted(r.apiKey)}, baseUrl: ${quoted(p.origin)} });`,
  ];
  if (asFile)
    lines.push(
      `const result = await glance.${method.file}(${jsObject(entries)});`,
      `await writeFile(${quoted(r.fileName)}, result.data);`,
    );
  else lines.push(`const result = await glance.${method.json}(${jsObject(entries)});`, `console.log(result);`);
  return lines.join("\n");
}

/** A parameter as a Python keyword argument: fullPage → full_page (the SDK maps it back). */
export const pyName = (name: string) => name.replace(/(?<=[a-z0-9])([A-Z])/g, "_$1").toLowerCase();
const pyValue = (value: Value) =>
  typeof value === "boolean" ? (value ? "True" : "False") : typeof value === "string" ? quoted(value) : String(value);

export function sdkPythonSnippet(r: SnippetRequest): string {
  const p = parse(r);
  if (!p) return "# This endpoint has no SDK example yet: see the curl tab.";
  const args: string[] = [];
  if (p.template !== undefined) {
    args.push(quoted(p.template));
    args.push(`{${p.variables.map(([k, v]) => `${quoted(k)}: ${quoted(v)}`).join(", ")}}`);
  }
  for (const [name, value] of p.options) args.push(`${pyName(name)}=${pyValue(value)}`);
  const method = METHODS[p.path]!.python;
  const asFile = !r.json && !JSON_ONLY.has(p.path);
  const lines = [
    `from glance import Glance`,
    ``,
    `glance = Glance(api_key=${quoted(r.apiKey)}, base_url=${quoted(p.origin)})`,
  ];
  if (asFile)
    lines.push(
      `result = glance.${method.file}(${args.join(", ")})`,
      `with open(${quoted(r.fileName)}, "wb") as f:`,
      `    f.write(result.data)`,
    );
  else lines.push(`result = glance.${method.json}(${args.join(", ")})`, `print(result)`);
  return lines.join("\n");
}
