/**
 * The SDKs as they would be published (D29), without publishing: the TypeScript package builds
 * with its own tsconfig to the ESM its package.json exports, and that output runs in plain Node
 * (no bundler, no tsx) signing as the server does; the Python project builds a source
 * distribution (setuptools, no download) that carries the package, importable from it.
 */
import { execFile } from "node:child_process";
import { cp, mkdtemp, readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";
import { signUrl } from "@/lib/signing/canonical";

const run = promisify(execFile);

it("sdks/typescript builds to the ESM its package.json exports, and runs in plain Node", async () => {
  const pkg = JSON.parse(await readFile("sdks/typescript/package.json", "utf8"));
  expect(pkg.exports["."]).toEqual({ types: "./dist/index.d.ts", import: "./dist/index.js" });
  expect(pkg.dependencies ?? {}).toEqual({});
  const out = await mkdtemp(path.join(os.tmpdir(), "glance-sdk-js-"));
  await run(path.resolve("node_modules/.bin/tsc"), ["-p", "sdks/typescript/tsconfig.json", "--outDir", out]);
  const script = `
    import { signUrl, Glance, GlanceError, verifyWebhook } from ${JSON.stringify(path.join(out, "index.js"))};
    if (typeof Glance !== "function" || typeof GlanceError !== "function" || typeof verifyWebhook !== "function") process.exit(2);
    const url = await signUrl({ baseUrl: "https://glance.test", path: "/v1/og",
      params: { template: "default", variables: { title: "Packed ✓" } }, keyId: "pk_live_x", signingSecret: "s", expires: 1700000000 });
    process.stdout.write(url);`;
  const { stdout } = await run(process.execPath, ["--input-type=module", "-e", script]);
  const expected = signUrl(
    "https://glance.test",
    "/v1/og",
    { template: "default", title: "Packed ✓" },
    { keyId: "pk_live_x", signingSecret: "s", expires: 1700000000 },
  );
  expect(new URL(stdout).searchParams.get("signature")).toBe(new URL(expected).searchParams.get("signature"));
}, 120_000);

it("sdks/python builds a source distribution that carries the glance package", async () => {
  const out = await mkdtemp(path.join(os.tmpdir(), "glance-sdk-py-"));
  // Built from a copy: setuptools leaves its egg-info beside the sources.
  const project = path.join(out, "project");
  await cp("sdks/python", project, { recursive: true, filter: (file) => !file.includes("__pycache__") });
  const build = `import sys; from setuptools import build_meta; print(build_meta.build_sdist(sys.argv[1]))`;
  const { stdout } = await run("python3", ["-c", build, out], {
    cwd: project,
    env: { ...process.env, PYTHONDONTWRITEBYTECODE: "1" },
  });
  const archive = path.join(out, stdout.trim().split("\n").pop()!);
  expect(path.basename(archive)).toBe("glance-sdk-0.1.0.tar.gz");
  await run("tar", ["xzf", archive, "-C", out]);
  const { stdout: version } = await run("python3", ["-c", "import glance; print(glance.__version__)"], {
    cwd: path.join(out, "glance-sdk-0.1.0"),
    env: { ...process.env, PYTHONDONTWRITEBYTECODE: "1" },
  });
  expect(version.trim()).toBe("0.1.0");
}, 120_000);
