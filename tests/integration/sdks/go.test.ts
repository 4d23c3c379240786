/**
 * The Go SDK (sdks/go, D37) against the real API over HTTP (./harness.ts), with Debian's golang-go
 * and nothing fetched (GOPROXY=off; the module has no dependency): the quickstart run as its README
 * says takes a real screenshot, and the SDK's own `go test` suite signs, verifies, maps errors and
 * retries against the server. Every Go test must run and pass. Go's build cache lives under the
 * system's temporary folder, so nothing is written into the repository.
 */
import { writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { sdkServer } from "./harness";
import { checkQuickstart, checkSnippets, languageSuite, run } from "./languages";

const s = sdkServer();
const suite = languageSuite(s);
const GO_ENV = {
  GOCACHE: path.join(os.tmpdir(), "glance-sdk-go-cache"),
  GOPATH: path.join(os.tmpdir(), "glance-sdk-gopath"),
  GOFLAGS: "-mod=mod",
  GOPROXY: "off",
  GOTOOLCHAIN: "local",
  GOTELEMETRY: "off",
};

it("the Go SDK is gofmt-clean and vet-clean", async () => {
  const format = await run("gofmt", ["-l", "."], "sdks/go", GO_ENV);
  expect(format).toEqual({ code: 0, output: "" });
  const vet = await run("go", ["vet", "./..."], "sdks/go", GO_ENV);
  expect(vet.code, vet.output).toBe(0);
}, 240_000);

it("`go run ./examples/quickstart <page>` writes a real screenshot.png", async () => {
  await checkQuickstart(s, "sdks/go", "go", ["run", "./examples/quickstart"]);
}, 240_000);

it("the Go SDK's own tests pass against the real server", async () => {
  const { code, output } = await run("go", ["test", "-count=1", "-v", "."], "sdks/go", {
    ...GO_ENV,
    GLANCE_TEST_CONFIG: suite.configFile,
  });
  expect(code, output).toBe(0);
  expect(output).not.toMatch(/--- SKIP/);
  expect(output.match(/^--- PASS/gm), output).toHaveLength(6);
}, 300_000);

it("the playground's Go snippets run as written", async () => {
  await checkSnippets(s, "sdk-go", "main.go", async (dir) => {
    // A customer's module: the SDK's module path, found here in the repository.
    const sdk = path.resolve("sdks/go");
    const mod = `module snippet\n\ngo 1.19\n\nrequire github.com/glance-sdk/glance-go v0.0.0\n\nreplace github.com/glance-sdk/glance-go => ${sdk}\n`;
    await writeFile(path.join(dir, "go.mod"), mod);
    return run("go", ["run", "."], dir, GO_ENV);
  });
}, 240_000);
