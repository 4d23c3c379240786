/**
 * Code that reproduces a playground request: same method, same URL (origin, path and the exact
 * query string, in the same order) and the same X-API-Key header. When the playground renders
 * through the signed-in session, the request went to /api/playground/<endpoint>; the snippet is
 * the public /v1/<endpoint> request with the same query and a YOUR_API_KEY placeholder.
 */
import { sdkPythonSnippet, sdkTypescriptSnippet } from "./sdk-snippets";
import { sdkGoSnippet, sdkJavaSnippet, sdkPhpSnippet, sdkRubySnippet } from "./sdk-snippets-languages";

export const KEY_PLACEHOLDER = "YOUR_API_KEY";

export interface SnippetRequest {
  /** Absolute /v1 URL with the query string. */
  url: string;
  /** The key to show, or KEY_PLACEHOLDER. */
  apiKey: string;
  /** Whether the query asks for JSON metadata (response=json). */
  json: boolean;
  /** Output file name for binary responses, e.g. "screenshot.png". */
  fileName: string;
}

export type SnippetLanguage =
  "curl" | "javascript" | "python" | "sdk-typescript" | "sdk-python" | "sdk-go" | "sdk-php" | "sdk-ruby" | "sdk-java";

export const SNIPPET_LABELS: Record<SnippetLanguage, string> = {
  curl: "cURL",
  javascript: "JavaScript",
  python: "Python",
  "sdk-typescript": "SDK: TypeScript",
  "sdk-python": "SDK: Python",
  "sdk-go": "SDK: Go",
  "sdk-php": "SDK: PHP",
  "sdk-ruby": "SDK: Ruby",
  "sdk-java": "SDK: Java",
};

/** POSIX shell single quotes: nothing inside is special except the quote itself. */
function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** A double-quoted string literal valid in both JavaScript and Python. */
function stringLiteral(value: string): string {
  return JSON.stringify(value).replace(/[\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
}

function curlSnippet(r: SnippetRequest): string {
  const lines = [`curl ${shellQuote(r.url)}`, `  -H ${shellQuote(`X-API-Key: ${r.apiKey}`)}`];
  lines.push(r.json ? "  --fail-with-body" : `  --fail-with-body -o ${shellQuote(r.fileName)}`);
  return lines.join(" \\\n");
}

function javascriptSnippet(r: SnippetRequest): string {
  const head = [
    ...(r.json ? [] : [`import { writeFile } from "node:fs/promises";`, ""]),
    `const response = await fetch(${stringLiteral(r.url)}, {`,
    `  headers: { "X-API-Key": ${stringLiteral(r.apiKey)} },`,
    `});`,
    `if (!response.ok) throw new Error((await response.json()).detail);`,
  ];
  const tail = r.json
    ? [`const metadata = await response.json();`, `console.log(metadata);`]
    : [`await writeFile(${stringLiteral(r.fileName)}, Buffer.from(await response.arrayBuffer()));`];
  return [...head, ...tail].join("\n");
}

function pythonSnippet(r: SnippetRequest): string {
  const head = [
    `import requests`,
    ``,
    `response = requests.get(`,
    `    ${stringLiteral(r.url)},`,
    `    headers={"X-API-Key": ${stringLiteral(r.apiKey)}},`,
    `    timeout=90,`,
    `)`,
    `response.raise_for_status()`,
  ];
  const tail = r.json
    ? [`print(response.json())`]
    : [`with open(${stringLiteral(r.fileName)}, "wb") as f:`, `    f.write(response.content)`];
  return [...head, ...tail].join("\n");
}

export function snippet(language: SnippetLanguage, r: SnippetRequest): string {
  switch (language) {
    case "curl":
      return curlSnippet(r);
    case "javascript":
      return javascriptSnippet(r);
    case "python":
      return pythonSnippet(r);
    case "sdk-typescript":
      return sdkTypescriptSnippet(r);
    case "sdk-python":
      return sdkPythonSnippet(r);
    case "sdk-go":
      return sdkGoSnippet(r);
    case "sdk-php":
      return sdkPhpSnippet(r);
    case "sdk-ruby":
      return sdkRubySnippet(r);
    case "sdk-java":
      return sdkJavaSnippet(r);
  }
}
