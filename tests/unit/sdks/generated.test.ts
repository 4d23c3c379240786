/**
 * The SDKs' generated parts (D29, D37) are what the endpoints' schemas say today: the committed
 * sdks/typescript/src/openapi.ts, sdks/python/glance/_operations.py and the Go, PHP, Ruby and Java
 * operation tables equal what `npm run sdk:generate` writes from the OpenAPI document. An option added, renamed or removed in
 * a schema fails here, naming the file, until the SDKs are regenerated.
 */
import { readFile } from "node:fs/promises";
import { beforeAll, expect, it } from "vitest";
import { sdkSources } from "@/scripts/sdk-sources";

let sources: Record<string, string>;

// Building the document and running openapi-typescript over it takes seconds, more on a loaded
// machine than the unit project's default allows: once for both tests, with room.
beforeAll(async () => {
  sources = await sdkSources();
}, 120_000);

it("the SDKs' generated files match the OpenAPI document (run `npm run sdk:generate`)", async () => {
  expect(Object.keys(sources).sort()).toEqual([
    "sdks/go/operations.go",
    "sdks/java/src/main/java/dev/glance/sdk/Operations.java",
    "sdks/php/src/Operations.php",
    "sdks/python/glance/_operations.py",
    "sdks/ruby/lib/glance/operations.rb",
    "sdks/typescript/src/openapi.ts",
  ]);
  for (const [file, text] of Object.entries(sources)) {
    const committed = await readFile(file, "utf8");
    expect(committed === text, `${file} differs from what npm run sdk:generate writes`).toBe(true);
  }
});

it("the generated types know every operation the clients call", () => {
  const { "sdks/typescript/src/openapi.ts": types, "sdks/python/glance/_operations.py": python } = sources;
  for (const operation of [
    "captureScreenshotFromBody",
    "renderOgImage",
    "getPageContentFromBody",
    "recordAnimationFromBody",
    "diffPagesFromBody",
    "createJob",
    "createJobBatch",
    "createMonitor",
  ])
    expect(types).toContain(`  ${operation}: {`);
  expect(python).toContain('"fullPage",');
});

it("the Go, PHP, Ruby and Java tables hold every operation of the document with its options' types", async () => {
  const { buildOpenApiDocument } = await import("@/lib/openapi/document");
  const doc = buildOpenApiDocument("https://glance.example") as unknown as {
    paths: Record<string, Record<string, { operationId?: string }>>;
  };
  const ids = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.operationId!));
  expect(ids.length).toBeGreaterThan(20);
  const tables = {
    go: sources["sdks/go/operations.go"]!,
    php: sources["sdks/php/src/Operations.php"]!,
    ruby: sources["sdks/ruby/lib/glance/operations.rb"]!,
    java: sources["sdks/java/src/main/java/dev/glance/sdk/Operations.java"]!,
  };
  for (const [language, table] of Object.entries(tables)) {
    for (const id of ids) expect(table, `${language}: ${id}`).toMatch(new RegExp(`["']${id}["']`));
    // A typed option of the screenshot's body, as each language writes it.
    expect(table, language).toMatch(/["']fullPage["'](, | => )["']boolean["']/);
  }
});
