/**
 * The PHP SDK (sdks/php, D37) against the real API over HTTP (./harness.ts), with Debian's php-cli
 * and no Composer package: the quickstart run as its README says takes a real screenshot, and the
 * SDK's own test runner (tests/run.php) signs, verifies, maps errors and retries against the
 * server. Every PHP test must run and pass.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { expect, it } from "vitest";
import { sdkServer } from "./harness";
import { checkQuickstart, checkSnippets, languageSuite, run } from "./languages";

const s = sdkServer();
const suite = languageSuite(s);

it("`php examples/quickstart.php <page>` writes a real screenshot.png", async () => {
  await checkQuickstart(s, "sdks/php", "php", ["examples/quickstart.php"]);
}, 240_000);

it("the PHP SDK's own tests pass against the real server", async () => {
  const { code, output } = await run("php", ["tests/run.php"], "sdks/php", { GLANCE_TEST_CONFIG: suite.configFile });
  expect(code, output).toBe(0);
  expect(output).toContain("all passed");
  expect(output.match(/^ok - test_/gm), output).toHaveLength(6);
}, 300_000);

it("the playground's PHP snippets run as written", async () => {
  await checkSnippets(s, "sdk-php", "snippet.php", async (dir) => {
    // What Composer would write: vendor/autoload.php loading the SDK.
    await mkdir(path.join(dir, "vendor"));
    const autoload = `<?php require ${JSON.stringify(path.resolve("sdks/php/src/autoload.php"))};\n`;
    await writeFile(path.join(dir, "vendor", "autoload.php"), autoload);
    return run("php", ["snippet.php"], dir);
  });
}, 240_000);
