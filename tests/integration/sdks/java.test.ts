/**
 * The Java SDK (sdks/java, D37) against the real API over HTTP (./harness.ts), with Debian's
 * default-jdk and no Maven: the quickstart compiled and run as its README says takes a real
 * screenshot, and the SDK's own test runner (tests/GlanceTests.java, compiled once against that
 * build) signs, verifies, maps errors and retries against the server. Every Java test must run and
 * pass. The classes go to the git-ignored out/ and out-tests/.
 */
import path from "node:path";
import { expect, it } from "vitest";
import { sdkServer } from "./harness";
import { checkQuickstart, checkSnippets, languageSuite, run } from "./languages";

const s = sdkServer();
const suite = languageSuite(s);
const JAVA = "sdks/java";
/**
 * javac and the programs are short-lived JVMs on a busy two-core machine: the quick compiler and
 * the serial collector start them faster (the quickstart took 25 s without them, 8 s with, here).
 * The JVM says it picked these up, on stderr.
 */
const JVM = { JAVA_TOOL_OPTIONS: "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xshare:auto" };
const quiet = (output: string) => output.replace(/^Picked up JAVA_TOOL_OPTIONS: .*\n/gm, "");

it("`javac -d out $(find src examples -name '*.java') && java -cp out Quickstart <page>` writes a real screenshot.png", async () => {
  const command = `javac -d out $(find src examples -name '*.java') && java -cp out Quickstart "$1"`;
  await checkQuickstart(s, JAVA, "sh", ["-c", command, "sh"], JVM);
}, 240_000);

it("the Java SDK's own tests pass against the real server", async () => {
  const compiled = await run(
    "javac",
    ["-Xlint:all", "-Werror", "-cp", "out", "-d", "out-tests", "tests/GlanceTests.java"],
    JAVA,
    JVM,
  );
  expect({ ...compiled, output: quiet(compiled.output) }).toEqual({ code: 0, output: "" });
  const { code, output } = await run("java", ["-cp", "out:out-tests", "GlanceTests"], JAVA, {
    ...JVM,
    GLANCE_TEST_CONFIG: suite.configFile,
  });
  expect(code, output).toBe(0);
  expect(output).toContain("all passed");
  expect(output.match(/^ok - /gm), output).toHaveLength(6);
}, 300_000);

it("the playground's Java snippets run as written (against the SDK compiled above)", async () => {
  const classes = path.resolve(JAVA, "out");
  await checkSnippets(s, "sdk-java", "Snippet.java", async (dir) => {
    const compiled = await run("javac", ["-cp", classes, "-d", ".", "Snippet.java"], dir, JVM);
    return compiled.code === 0 ? run("java", ["-cp", `${classes}:.`, "Snippet"], dir, JVM) : compiled;
  });
}, 240_000);
