/**
 * The SDKs' generated parts (D29) are what the endpoints' schemas say today: the committed
 * sdks/typescript/src/openapi.ts and sdks/python/glance/_operations.py equal what
 * `npm run sdk:generate` writes from the OpenAPI document. An option added, renamed or removed in
 * a schema fails here, naming the file, until the SDKs are regenerated.
 */
import { readFile } from "node:fs/promises";
import { expect, it } from "vitest";
import { sdkSources } from "@/scripts/sdk-sources";

it("the SDKs' generated files match the OpenAPI document (run `npm run sdk:generate`)", async () => {
  const sources = await sdkSources();
  expect(Object.keys(sources).sort()).toEqual(["sdks/python/glance/_operations.py", "sdks/typescript/src/openapi.ts"]);
  for (const [file, text] of Object.entries(sources)) {
    const committed = await readFile(file, "utf8");
    expect(committed === text, `${file} differs from what npm run sdk:generate writes`).toBe(true);
  }
});

it("the generated types know every operation the clients call", async () => {
  const { "sdks/typescript/src/openapi.ts": types, "sdks/python/glance/_operations.py": python } = await sdkSources();
  for (const operation of [
    "captureScreenshotFromBody",
    "renderOgImage",
    "getPageContentFromBody",
    "createJob",
    "createMonitor",
  ])
    expect(types).toContain(`  ${operation}: {`);
  expect(python).toContain('"fullPage",');
});
