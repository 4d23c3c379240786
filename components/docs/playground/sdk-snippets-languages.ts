/**
 * The playground request (./sdk-snippets.ts parses it) through the Go, PHP, Ruby and Java SDKs
 * (D37): the same endpoint, options and OG variables, a rendered file written to its file name or
 * a JSON answer printed. tests/integration/sdks/{go,php,ruby,java}.test.ts run these as written
 * against the real server, each with its language's toolchain.
 */
import { JSON_ONLY, parse, pyName, type SnippetRequest, type Value } from "./sdk-snippets";

/** The methods by endpoint path in the Go, PHP and Java SDKs (Ruby's are Python's snake_case). */
const METHODS: Record<string, { file: string; json: string }> = {
  "/v1/screenshot": { file: "screenshot", json: "screenshotMetadata" },
  "/v1/og": { file: "og", json: "ogMetadata" },
  "/v1/animate": { file: "animate", json: "animateMetadata" },
  "/v1/content": { file: "content", json: "content" },
  "/v1/diff": { file: "diff", json: "diff" },
};

const NO_EXAMPLE = "This endpoint has no SDK example yet: see the curl tab.";

/** A double-quoted literal: JSON's escapes are Go's, Java's and (with `#` escaped) Ruby's. */
const dq = (text: string) =>
  JSON.stringify(text).replace(/[\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
const phpString = (text: string) => `'${text.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
const rubyString = (text: string) => dq(text).replace(/#/g, "\\#");
const scalar = (value: Value, text: (s: string) => string) => (typeof value === "string" ? text(value) : String(value));

interface Call {
  method: string;
  asFile: boolean;
  template: string | undefined;
  options: [string, Value][];
  variables: [string, string][];
}

function callOf(r: SnippetRequest, camel = true): Call | undefined {
  const p = parse(r);
  if (!p) return undefined;
  const asFile = !r.json && !JSON_ONLY.has(p.path);
  const method = METHODS[p.path]![asFile ? "file" : "json"];
  return {
    method: camel ? method : pyName(method),
    asFile,
    template: p.template,
    options: p.options,
    variables: p.variables,
  };
}

export function sdkGoSnippet(r: SnippetRequest): string {
  const c = callOf(r);
  if (!c) return `// ${NO_EXAMPLE}`;
  const method =
    c.method === "og"
      ? "OG"
      : c.method === "ogMetadata"
        ? "OGMetadata"
        : c.method[0]!.toUpperCase() + c.method.slice(1);
  const options = `glance.Params{${c.options.map(([k, v]) => `${dq(k)}: ${scalar(v, dq)}`).join(", ")}}`;
  const args =
    c.template === undefined
      ? options
      : `${dq(c.template)}, map[string]any{${c.variables.map(([k, v]) => `${dq(k)}: ${dq(v)}`).join(", ")}}, ${options}`;
  const imports = ['"context"', c.asFile ? '"os"' : '"fmt"'];
  return [
    "package main",
    "",
    "import (",
    ...imports.sort().map((i) => `\t${i}`),
    "",
    '\tglance "github.com/glance-sdk/glance-go"',
    ")",
    "",
    "func main() {",
    `\tclient, err := glance.New(${dq(r.apiKey)}, glance.WithBaseURL(${dq(new URL(r.url).origin)}))`,
    "\tif err != nil {",
    "\t\tpanic(err)",
    "\t}",
    `\tresult, err := client.${method}(context.Background(), ${args})`,
    "\tif err != nil {",
    "\t\tpanic(err)",
    "\t}",
    c.asFile
      ? `\tif err := os.WriteFile(${dq(r.fileName)}, result.Data, 0o644); err != nil {`
      : "\tfmt.Println(result)",
    ...(c.asFile ? ["\t\tpanic(err)", "\t}"] : []),
    "}",
  ].join("\n");
}

export function sdkPhpSnippet(r: SnippetRequest): string {
  const c = callOf(r);
  if (!c) return `<?php\n// ${NO_EXAMPLE}`;
  const array = (entries: [string, Value][]) =>
    `[${entries.map(([k, v]) => `${phpString(k)} => ${scalar(v, phpString)}`).join(", ")}]`;
  const args =
    c.template === undefined
      ? array(c.options)
      : `${phpString(c.template)}, ${array(c.variables)}, ${array(c.options)}`;
  return [
    "<?php",
    "",
    "require 'vendor/autoload.php'; // Composer, or sdks/php/src/autoload.php",
    "",
    `$glance = new Glance\\Client(${phpString(r.apiKey)}, ${phpString(new URL(r.url).origin)});`,
    `$result = $glance->${c.method}(${args});`,
    c.asFile ? `file_put_contents(${phpString(r.fileName)}, $result->data);` : "print_r($result);",
  ].join("\n");
}

export function sdkRubySnippet(r: SnippetRequest): string {
  const c = callOf(r, false);
  if (!c) return `# ${NO_EXAMPLE}`;
  const keywords = c.options.map(([k, v]) => `${pyName(k)}: ${scalar(v, rubyString)}`);
  const args =
    c.template === undefined
      ? keywords
      : [
          rubyString(c.template),
          `{ ${c.variables.map(([k, v]) => `${rubyString(k)} => ${rubyString(v)}`).join(", ")} }`,
          ...keywords,
        ];
  return [
    'require "glance"',
    "",
    `glance = Glance::Client.new(api_key: ${rubyString(r.apiKey)}, base_url: ${rubyString(new URL(r.url).origin)})`,
    `result = glance.${c.method}(${args.join(", ")})`,
    c.asFile ? `File.binwrite(${rubyString(r.fileName)}, result.data)` : "pp result",
  ].join("\n");
}

export function sdkJavaSnippet(r: SnippetRequest): string {
  const c = callOf(r);
  if (!c) return `// ${NO_EXAMPLE}`;
  const params = (entries: [string, Value][]) =>
    `Glance.params(${entries.map(([k, v]) => `${dq(k)}, ${scalar(v, dq)}`).join(", ")})`;
  const args =
    c.template === undefined ? params(c.options) : `${dq(c.template)}, ${params(c.variables)}, ${params(c.options)}`;
  return [
    "import dev.glance.sdk.Glance;",
    ...(c.asFile ? ["import java.nio.file.Files;", "import java.nio.file.Path;"] : []),
    "",
    "public class Snippet {",
    "  public static void main(String[] args) throws Exception {",
    `    Glance glance = new Glance(${dq(r.apiKey)}, ${dq(new URL(r.url).origin)});`,
    `    var result = glance.${c.method}(${args});`,
    c.asFile ? `    Files.write(Path.of(${dq(r.fileName)}), result.data);` : "    System.out.println(result);",
    "  }",
    "}",
  ].join("\n");
}
