/**
 * The app as customers get it: a production build served by `npm start` (scripts/server.ts), for the benchmark's
 * load tests. The build goes to its own dist directory (.next-bench) and is redone only when
 * the code changed since the last one (same rule as scripts/demo.sh). The server inherits this
 * process's environment (database, data directory, cache secret), so results stored here are
 * HITs there.
 */
import { execSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { serverCommand } from "../../lib/edge/command";

/** BENCH_DIST_DIR: another folder, for a worktree beside others (each engineer's own build). */
const DIST_DIR = process.env.BENCH_DIST_DIR ?? ".next-bench";

function codeRevision(root: string): string {
  const head = spawnSync("git", ["rev-parse", "HEAD"], { cwd: root, encoding: "utf8" }).stdout.trim();
  const dirty = spawnSync("git", ["status", "--porcelain"], { cwd: root, encoding: "utf8" }).stdout;
  return `${head}-${createHash("sha256").update(dirty).digest("hex").slice(0, 12)}`;
}

async function ensureBuild(root: string): Promise<void> {
  const stamp = path.join(root, DIST_DIR, ".glance-rev");
  const revision = codeRevision(root);
  if ((await readFile(stamp, "utf8").catch(() => "")) === revision) return;
  console.log(`building the app into ${DIST_DIR} (code changed since the last benchmark build)…`);
  // `next build` with a custom dist dir adds it to tsconfig.json's include list: put it back.
  const tsconfig = await readFile(path.join(root, "tsconfig.json"), "utf8");
  try {
    execSync("npx next build", {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, NODE_ENV: "production", NEXT_DIST_DIR: DIST_DIR, NEXT_TELEMETRY_DISABLED: "1" },
    });
  } finally {
    await writeFile(path.join(root, "tsconfig.json"), tsconfig);
  }
  await writeFile(stamp, revision);
}

export interface NextServer {
  origin: string;
  stop(): Promise<void>;
}

export async function startNextServer(
  root: string,
  options: { port: number; env: Record<string, string> },
): Promise<NextServer> {
  await ensureBuild(root);
  const server = serverCommand(root, { port: options.port, hostname: "127.0.0.1" });
  // BENCH_SERVER_CPU_PROF=<folder>: the server writes a V8 CPU profile there when it stops (where
  // its own CPU per render goes, D30; Node refuses --cpu-prof in NODE_OPTIONS).
  const profile = process.env.BENCH_SERVER_CPU_PROF;
  const args = profile ? ["--cpu-prof", `--cpu-prof-dir=${profile}`, ...server.args] : server.args;
  const child: ChildProcess = spawn(server.command, args, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_DIST_DIR: DIST_DIR,
      NEXT_TELEMETRY_DISABLED: "1",
      ...options.env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  // A benchmark that fails exits without stopping what it started: the server (and its Chromium)
  // would go on running and taking CPU from whatever is measured next (seen: an hour of it).
  const stopOnExit = () => void child.kill("SIGTERM");
  process.once("exit", stopOnExit);
  child.once("exit", () => process.off("exit", stopOnExit));
  const origin = `http://127.0.0.1:${options.port}`;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await exited;
  };
  // /readyz waits for Chromium too; on a loaded shared machine that took over a minute.
  const giveUpAt = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`next start exited with ${child.exitCode}`);
    const ready = await fetch(`${origin}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { origin, stop };
    if (Date.now() > giveUpAt) {
      await stop();
      throw new Error("next start did not become ready within 180 s");
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}
