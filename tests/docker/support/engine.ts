/**
 * A Docker engine for the stack test, as the project's setup brings one to a Debian machine of
 * ours: Debian's docker.io (its 20.10 CLI at /usr/bin/docker builds with BuildKit and build
 * secrets, unlike a CLI without the buildx plugin), docker-compose and debootstrap, installed as
 * root when missing; dockerd started with overlay2 when none answers (no systemd here), at a
 * low CPU priority so the builds it runs yield to the suite's timing-sensitive steps, and left
 * running with its storage (images, build cache) for the next run. Where Docker cannot run — not
 * root and no engine, or a dockerd that cannot start (no privileges for namespaces, cgroups or
 * iptables) — `engine()` says why, and the test is skipped with that message.
 */
import { execFile, spawn } from "node:child_process";
import { existsSync, openSync } from "node:fs";
import { promisify } from "node:util";

const run = promisify(execFile);
export const DOCKER = "/usr/bin/docker";
export const COMPOSE = "/usr/bin/docker-compose";
const DOCKERD_LOG = "/var/log/glance-dockerd.log";
const PACKAGES = [
  ["docker.io", DOCKER],
  ["docker-compose", COMPOSE],
  ["debootstrap", "/usr/sbin/debootstrap"],
] as const;

export type Engine = { ok: true } | { ok: false; reason: string };

async function answers(): Promise<boolean> {
  try {
    await run(DOCKER, ["info", "--format", "{{.ServerVersion}}"], { timeout: 20_000 });
    return true;
  } catch {
    return false;
  }
}

export async function engine(): Promise<Engine> {
  const root = process.getuid?.() === 0;
  const missing = PACKAGES.filter(([, file]) => !existsSync(file)).map(([pkg]) => pkg);
  if (missing.length > 0) {
    if (!root)
      return { ok: false, reason: `Debian packages missing (${missing.join(", ")}) and not root to install them` };
    await run(
      "apt-get",
      ["install", "-y", "-qq", "-o", "DPkg::Lock::Timeout=600", "--no-install-recommends", ...missing],
      { env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" }, timeout: 900_000 },
    ).catch(async () => {
      await run("apt-get", ["update", "-qq", "-o", "DPkg::Lock::Timeout=600"], { timeout: 600_000 });
      await run(
        "apt-get",
        ["install", "-y", "-qq", "-o", "DPkg::Lock::Timeout=600", "--no-install-recommends", ...missing],
        { env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" }, timeout: 900_000 },
      );
    });
  }
  if (await answers()) return { ok: true };
  if (!root) return { ok: false, reason: "no Docker engine answers and not root to start dockerd" };

  const log = openSync(DOCKERD_LOG, "a");
  const dockerd = spawn("nice", ["-n", "10", "dockerd", "--storage-driver=overlay2"], {
    detached: true,
    stdio: ["ignore", log, log],
  });
  dockerd.unref();
  let exited: number | null = null;
  dockerd.once("exit", (code) => (exited = code ?? -1));
  for (let i = 0; i < 60 && exited === null; i++) {
    if (await answers()) return { ok: true };
    await new Promise((r) => setTimeout(r, 1000));
  }
  const { stdout } = await run("tail", ["-n", "5", DOCKERD_LOG]).catch(() => ({ stdout: "" }));
  return {
    ok: false,
    reason: `dockerd could not start here (${exited === null ? "no answer in 60 s" : `exit ${exited}`}); ${DOCKERD_LOG}:\n${stdout}`,
  };
}
