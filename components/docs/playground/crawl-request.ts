/**
 * The crawl playground's request (D13, D32): the form's values as the JSON body of POST /v1/crawl,
 * typed as the schema describes each field (integers, booleans, lists as arrays) and left out when
 * empty or the schema default — the same rule as every playground query (./query.ts) — and the
 * code that sends the same body. Pure functions, so a unit test can hold them to the schema.
 */
import { buildQuery } from "./query";
import { pyName } from "./sdk-snippets";
import type { FormValues, ParamField } from "./types";

type CrawlBody = Record<string, string | number | boolean | string[]>;

/** The form's starting values: a small crawl (5 pages, one link deep), the rest the schema's defaults. */
export function crawlStartingValues(fields: readonly ParamField[]): FormValues {
  const values: FormValues = {};
  for (const field of fields)
    if (!field.credential) values[field.name] = field.default === undefined ? "" : String(field.default);
  return { ...values, url: "https://example.com", limit: "5", depth: "1" };
}

export function crawlBody(fields: readonly ParamField[], values: FormValues): CrawlBody {
  const byName = new Map(fields.map((field) => [field.name, field]));
  const body: CrawlBody = {};
  for (const [name, text] of new URLSearchParams(buildQuery(fields, values))) {
    const field = byName.get(name);
    if (field?.kind === "integer" || field?.kind === "number") body[name] = Number(text);
    else if (field?.kind === "boolean") body[name] = text === "true";
    else if (field?.bodyType === "array")
      body[name] = text
        .split(",")
        .map((item) => item.trim())
        .filter(Boolean);
    else body[name] = text;
  }
  return body;
}

const quoted = (value: string) => JSON.stringify(value);
const shellQuote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

function pyLiteral(value: CrawlBody[string]): string {
  if (typeof value === "boolean") return value ? "True" : "False";
  if (Array.isArray(value)) return `[${value.map(quoted).join(", ")}]`;
  return typeof value === "string" ? quoted(value) : String(value);
}

export type CrawlSnippetLanguage = "curl" | "sdk-typescript" | "sdk-python";

export const CRAWL_SNIPPET_LABELS: Record<CrawlSnippetLanguage, string> = {
  curl: "cURL",
  "sdk-typescript": "SDK: TypeScript",
  "sdk-python": "SDK: Python",
};

/** Starting the same crawl in code, then reading its pages to the end. */
export function crawlSnippet(language: CrawlSnippetLanguage, origin: string, apiKey: string, body: CrawlBody): string {
  const json = JSON.stringify(body);
  if (language === "curl")
    return [
      `curl -X POST ${shellQuote(`${origin}/v1/crawl`)}`,
      `  -H ${shellQuote(`X-API-Key: ${apiKey}`)}`,
      `  -H 'Content-Type: application/json'`,
      `  --data ${shellQuote(json)}`,
      `  --fail-with-body`,
      `# then: curl -H 'X-API-Key: …' <statusUrl> (follow "next"), or <statusUrl>/pages.jsonl`,
    ].join(" \\\n");
  if (language === "sdk-typescript")
    return [
      `import { Glance } from "glance-sdk";`,
      ``,
      `const glance = new Glance({ apiKey: ${quoted(apiKey)}, baseUrl: ${quoted(origin)} });`,
      `const { id } = await glance.crawls.start(${json});`,
      `// Later (or as webhooks arrive): every ended page so far.`,
      `console.log(await glance.crawls.pages(id));`,
    ].join("\n");
  const args = Object.entries(body).map(([name, value]) => `${pyName(name)}=${pyLiteral(value)}`);
  return [
    `from glance import Glance`,
    ``,
    `glance = Glance(api_key=${quoted(apiKey)}, base_url=${quoted(origin)})`,
    `crawl = glance.crawls.start(${args.join(", ")})`,
    `# Later (or as webhooks arrive): every ended page so far.`,
    `print(glance.crawls.pages(crawl["id"]))`,
  ].join("\n");
}
