/**
 * What the image and compose.yaml promise that can be read without Docker (D29); the stack test
 * (tests/docker) runs them. The image's Node.js is the project's (scripts/node.sh), its
 * browserless the one the tests run, and every setting of lib/env.ts that instances share reaches
 * every app instance in compose.yaml, so a new setting cannot be forgotten there.
 */
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

/** Settings compose.yaml does not pass to the app instances, and why. */
const NOT_IN_COMPOSE: Record<string, string> = {
  NODE_ENV: "the image sets production",
  PORT: "the image's 3000, behind the balancer",
  DATA_DIR: "the image's /data",
  CHROME_PATH: "the image's Chromium; the instances render in browserless",
  CHROMIUM_SANDBOX: "the image's (off: a container cannot create the sandbox's namespaces)",
  AUTH_URL: "APP_URL is next-auth's URL",
  EMBEDDED_DB_PORT: "the embedded database only; compose has PostgreSQL",
  UPSTASH_REDIS_REST_URL: "compose has Redis (REDIS_URL; BullMQ needs TCP)",
  UPSTASH_REDIS_REST_TOKEN: "compose has Redis",
  AUTH_GITHUB_BASE_URL: "a test hook",
  AUTH_GITHUB_API_URL: "a test hook",
  STRIPE_API_URL: "a test hook",
  BENCH_STATIC_FILE: "benchmarks only",
};

function envSettings(): string[] {
  const schema = /const schema = z\.object\(\{([\s\S]*?)\n\}\);/.exec(read("lib/env.ts"))?.[1] ?? "";
  return [...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]);
}

function composeAppSettings(): string[] {
  const anchor =
    /^x-app-environment: &app-environment\n((?: {2}.*\n|\s*#.*\n)+)/m.exec(read("compose.yaml"))?.[1] ?? "";
  return [...anchor.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]);
}

describe("the image", () => {
  it("brings the Node.js version scripts/node.sh brings, checked by its SHA-512 for each architecture", () => {
    const nodeSh = /GLANCE_NODE_VERSION=(\S+)/.exec(read("scripts/node.sh"))?.[1];
    const dockerfile = read("Dockerfile");
    expect(nodeSh).toMatch(/^24\./);
    expect(/ARG NODE_VERSION=(\S+)/.exec(dockerfile)?.[1]).toBe(nodeSh);
    for (const arch of ["AMD64", "ARM64"]) {
      expect(new RegExp(`ARG NODE_INTEGRITY_${arch}=sha512-[A-Za-z0-9+/]{86}==`).test(dockerfile), arch).toBe(true);
    }
  });

  it("runs the browserless version the project's tests run", () => {
    const project = JSON.parse(read("package-lock.json")) as { packages: Record<string, { version: string }> };
    const image = JSON.parse(read("docker/browserless/package-lock.json")) as typeof project;
    const name = "node_modules/@browserless.io/browserless";
    expect(image.packages[name].version).toBe(project.packages[name].version);
  });
});

describe("compose.yaml", () => {
  it("passes every shared setting of lib/env.ts to every app instance", () => {
    const settings = envSettings();
    expect(settings.length).toBeGreaterThan(40);
    const passed = composeAppSettings();
    expect(settings.filter((name) => !passed.includes(name) && !(name in NOT_IN_COMPOSE))).toEqual([]);
    // Nothing passed that the app does not read, nothing excepted that it passes.
    expect(passed.filter((name) => !settings.includes(name))).toEqual([]);
    expect(passed.filter((name) => name in NOT_IN_COMPOSE)).toEqual([]);
  });
});

describe("NET_GUARD_URL's {hostname}", () => {
  const saved = process.env.NET_GUARD_URL;
  afterEach(async () => {
    if (saved === undefined) delete process.env.NET_GUARD_URL;
    else process.env.NET_GUARD_URL = saved;
    (await import("@/lib/env")).reloadEnv();
  });

  it("is this machine's host name, so replicas sharing one setting each name their own guard", async () => {
    const { reloadEnv } = await import("@/lib/env");
    process.env.NET_GUARD_URL = "http://{hostname}:3128";
    expect(reloadEnv().NET_GUARD_URL).toBe(`http://${os.hostname()}:3128`);
    process.env.NET_GUARD_URL = "http://10.0.3.7:3128";
    expect(reloadEnv().NET_GUARD_URL).toBe("http://10.0.3.7:3128");
  });
});
