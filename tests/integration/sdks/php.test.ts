/**
 * The PHP SDK (sdks/php, D37) against the real API over HTTP (./harness.ts), with Debian's php-cli
 * and no Composer package: the quickstart run as its README says takes a real screenshot, and the
 * SDK's own test runner (tests/run.php) signs, verifies, maps errors and retries against the
 * server. Every PHP test must run and pass.
 */
import { expect, it } from "vitest";
import { sdkServer } from "./harness";
import { checkQuickstart, languageSuite, run } from "./languages";

const s = sdkServer();
const suite = languageSuite(s);

it("`php examples/quickstart.php <page>` writes a real screenshot.png", async () => {
  await checkQuickstart(s, "sdks/php", "php", ["examples/quickstart.php"]);
}, 240_000);

it("the PHP SDK's own tests pass against the real server", async () => {
  const { code, output } = await run("php", ["tests/run.php"], "sdks/php", { GLANCE_TEST_CONFIG: suite.configFile });
  expect(code, output).toBe(0);
  expect(output).toContain("all passed");
  expect(output.match(/^ok - test_/gm), output).toHaveLength(5);
}, 300_000);
