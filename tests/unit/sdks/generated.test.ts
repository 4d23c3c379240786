/**
 * The SDKs' generated parts (D29) are what the endpoints' schemas say today: the committed
 * sdks/typescript/src/openapi.ts and sdks/python/glance/_operations.py equal what
 * `npm run sdk:generate` writes from the OpenAPI document. An option added, renamed or removed in
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
  expect(Object.keys(sources).sort()).toEqual(["sdks/python/glance/_operations.py", "sdks/typescript/src/openapi.ts"]);
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
