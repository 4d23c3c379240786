/**
 * The Ruby SDK (sdks/ruby, D37) against the real API over HTTP (./harness.ts), with Debian's ruby
 * and no gem installed: the quickstart run as its README says takes a real screenshot, and the
 * SDK's own minitest suite signs, verifies, maps errors and retries against the server. Every Ruby
 * test must run and pass.
 */
import path from "node:path";
import { expect, it } from "vitest";
import { sdkServer } from "./harness";
import { checkQuickstart, checkSnippets, languageSuite, run } from "./languages";

const s = sdkServer();
const suite = languageSuite(s);

it("`ruby -Ilib examples/quickstart.rb <page>` writes a real screenshot.png", async () => {
  await checkQuickstart(s, "sdks/ruby", "ruby", ["-Ilib", "examples/quickstart.rb"]);
}, 240_000);

it("the Ruby SDK's own tests pass against the real server", async () => {
  const { code, output } = await run("ruby", ["-w", "-Ilib", "test/test_server.rb", "-v"], "sdks/ruby", {
    GLANCE_TEST_CONFIG: suite.configFile,
  });
  expect(code, output).toBe(0);
  expect(output).toMatch(/6 runs, \d+ assertions, 0 failures, 0 errors, 0 skips/);
  expect(output).not.toMatch(/warning:/);
}, 300_000);

it("the playground's Ruby snippets run as written", async () => {
  await checkSnippets(s, "sdk-ruby", "snippet.rb", (dir) =>
    run("ruby", ["-w", "-I", path.resolve("sdks/ruby/lib"), "snippet.rb"], dir),
  );
}, 240_000);
