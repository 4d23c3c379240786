/**
 * The `docker run` recipe of /docs/connectors (D42) against the image the Dockerfile builds, run
 * without Docker: the stack test (tests/docker) needs an engine and minutes of builds that most
 * machines running this suite lack, and the recipe would cost it a connector container. Read
 * from the files themselves: the recipe names the image README and the Dockerfile build; its
 * command runs behind the image's tini entrypoint with the app's own runner (the CMD's `node
 * --import tsx`); every package the connector imports, and tsx, is a production dependency (the
 * image has no others). Then the command runs as the image would run it: in a directory holding
 * only what the app stage copies into /app, with the recipe's environment variable for the token
 * and nothing of this process's environment. It connects, shows online in GET /v1/connectors with
 * the origin it was given, and exits 0 on SIGTERM (docker stop). (That the program serves renders
 * is render.test.ts's and the e2e spec's.)
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { cp, mkdtemp, rm, symlink } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { apiRequest } from "@/tests/support/api";
import { accountWithConnector, connectorHarness } from "./harness";

const root = path.resolve(import.meta.dirname, "../../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");
const h = connectorHarness();

/** The recipe as a shell would split it: docker's options, the image, the command after it. */
function recipe(): { env: Record<string, string>; image: string; command: string[] } {
  const literal = /const DOCKER = `([\s\S]*?)`;/.exec(read("app/(docs)/docs/connectors/page.tsx"))?.[1] ?? "";
  // The template literal's text: its `\\` is the one backslash that continues a shell line.
  const words = literal
    .replace(/\\\\/g, "\\")
    .split("\n")
    .filter((line) => !line.trim().startsWith("#"))
    .join("\n")
    .replace(/\\\n/g, " ")
    .trim()
    .split(/\s+/);
  expect(words.slice(0, 2)).toEqual(["docker", "run"]);
  const env: Record<string, string> = {};
  let i = 2;
  for (; i < words.length && words[i].startsWith("-"); i++) {
    if (words[i] === "-e" || words[i] === "--env") {
      const [name, ...value] = words[++i].split("=");
      env[name] = value.join("=");
    } else if (["--network", "-v", "--volume", "-p", "--name", "-u", "--user"].includes(words[i])) i++;
  }
  return { env, image: words[i], command: words.slice(i + 1) };
}

/** The Dockerfile's stages by name, each its own text. */
function stages(): Map<string, string> {
  const dockerfile = read("Dockerfile");
  const found = new Map<string, string>();
  for (const part of dockerfile.split(/^(?=FROM )/m).slice(1))
    found.set(/^FROM \S+ AS (\S+)/.exec(part)?.[1] ?? "", part);
  return found;
}

/** What the app stage copies into /app: its sources as paths of the repository. */
function copiedIntoApp(app: string): string[] {
  expect(app).toMatch(/^WORKDIR \/app$/m);
  return [...app.matchAll(/^COPY --from=(?:build|prod-deps) (.+) \S+$/gm)].flatMap((m) =>
    m[1].split(/\s+/).map((source) => source.replace(/^\/app\//, "")),
  );
}

/** The packages the connector's modules import, following its own imports from scripts/connector.ts. */
function packagesImported(): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, spec] of read(file).matchAll(/^(?:import|export)[^"]*?from "([^"]+)"|^import "([^"]+)"/gm)) {
      if (spec.startsWith("node:")) continue;
      if (spec.startsWith("@/") || spec.startsWith(".")) {
        const base = spec.startsWith("@/") ? spec.slice(2) : path.join(path.dirname(file), spec);
        visit([`${base}.ts`, `${base}/index.ts`].find((f) => existsSync(path.join(root, f)))!);
      } else packages.add(spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : spec.split("/")[0]);
    }
  };
  visit("scripts/connector.ts");
  return packages;
}

let layout: string;
let child: ChildProcess | undefined;

afterAll(async () => {
  if (child?.exitCode === null) child.kill("SIGKILL");
  if (layout) await rm(layout, { recursive: true, force: true });
});

describe("the connector's docker run recipe", () => {
  it("names the image the README builds and runs the connector with the image's own runner", () => {
    const { image, command, env } = recipe();
    expect(read("Dockerfile")).toContain(`docker build -t ${image} .`);
    expect(read("README.md")).toContain(`docker build -t ${image} .`);
    const all = stages();
    const app = all.get("app")!;
    // The app stage keeps the runtime stage's tini entrypoint, so the recipe's command replaces CMD.
    expect(app).toMatch(/^FROM runtime AS app$/m);
    expect(app).not.toMatch(/^ENTRYPOINT/m);
    expect(all.get("runtime")).toMatch(/^ENTRYPOINT \["\/usr\/bin\/tini", "--"\]$/m);
    const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(app)?.[1] ?? "[]") as string[];
    expect(command.slice(0, 3)).toEqual(cmd.slice(0, 3));
    expect(command[3]).toBe("scripts/connector.ts");
    // The token from the environment, as scripts/connector.ts reads it: out of the process list.
    expect(Object.keys(env)).toEqual(["GLANCE_CONNECTOR_TOKEN"]);
    expect(read("scripts/connector.ts")).toContain("process.env.GLANCE_CONNECTOR_TOKEN");
    // The image installs production dependencies only (npm ci --omit=dev).
    expect(all.get("prod-deps")).toContain("npm ci --omit=dev");
    const { dependencies } = JSON.parse(read("package.json")) as { dependencies: Record<string, string> };
    for (const name of [command[2], ...packagesImported()]) expect(dependencies, name).toHaveProperty(name);
  });

  it("run from what the image holds, it connects, shows online and stops on SIGTERM", async () => {
    const { env, command } = recipe();
    layout = await mkdtemp(path.join(os.tmpdir(), "glance-image-layout-"));
    // What the app stage copies; the built artefacts and the dependencies are linked, not copied.
    for (const source of copiedIntoApp(stages().get("app")!)) {
      const from = path.join(root, source);
      if (!existsSync(from)) continue; // .next: built by the image's build stage, not needed by the connector
      const to = path.join(layout, source);
      if (["node_modules", ".next", "generated"].includes(source)) await symlink(from, to);
      else await cp(from, to, { recursive: true, dereference: true });
    }
    const account = await accountWithConnector("from the image");
    // The recipe's command with this test's server in place of the placeholder; its origin as written.
    const args = command.slice(1).map((word, i, all) => (all[i - 1] === "--server" ? h.server : word));
    let output = "";
    child = spawn(process.execPath, args, {
      cwd: layout,
      env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", [Object.keys(env)[0]]: account.token },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr!.on("data", (d: Buffer) => (output += d.toString()));

    const { GET } = await import("@/app/v1/connectors/route");
    let listed: Array<Record<string, unknown>> = [];
    for (let i = 0; i < 150 && listed[0]?.status !== "online" && child.exitCode === null; i++) {
      await new Promise((r) => setTimeout(r, 100));
      const response = await GET(apiRequest("/v1/connectors", { apiKey: account.apiKey }));
      listed = ((await response.json()) as { connectors: typeof listed }).connectors;
    }
    expect(listed, output).toEqual([
      expect.objectContaining({
        id: account.connectorId,
        status: "online",
        exposedOrigins: [args[args.indexOf("--expose") + 1]],
      }),
    ]);

    const exited = new Promise<number | null>((resolve) => child!.once("exit", (code) => resolve(code)));
    child.kill("SIGTERM");
    expect(await exited, output).toBe(0);
  }, 60_000);
});
