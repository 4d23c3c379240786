/**
 * The Java SDK (sdks/java, D37) against the real API over HTTP (./harness.ts), with Debian's
 * default-jdk and no Maven: the quickstart compiled and run as its README says takes a real
 * screenshot, and the SDK's own test runner (tests/GlanceTests.java, compiled once against that
 * build) signs, verifies, maps errors and retries against the server. Every Java test must run and
 * pass. The classes go to the git-ignored out/ and out-tests/.
 */
import { expect, it } from "vitest";
import { sdkServer } from "./harness";
import { checkQuickstart, languageSuite, run } from "./languages";

const s = sdkServer();
const suite = languageSuite(s);
const JAVA = "sdks/java";

it("`javac -d out $(find src examples -name '*.java') && java -cp out Quickstart <page>` writes a real screenshot.png", async () => {
  const command = `javac -d out $(find src examples -name '*.java') && java -cp out Quickstart "$1"`;
  await checkQuickstart(s, JAVA, "sh", ["-c", command, "sh"]);
}, 240_000);

it("the Java SDK's own tests pass against the real server", async () => {
  const compiled = await run(
    "javac",
    ["-Xlint:all", "-Werror", "-cp", "out", "-d", "out-tests", "tests/GlanceTests.java"],
    JAVA,
  );
  expect(compiled, compiled.output).toEqual({ code: 0, output: "" });
  const { code, output } = await run("java", ["-cp", "out:out-tests", "GlanceTests"], JAVA, {
    GLANCE_TEST_CONFIG: suite.configFile,
  });
  expect(code, output).toBe(0);
  expect(output).toContain("all passed");
  expect(output.match(/^ok - /gm), output).toHaveLength(5);
}, 300_000);
