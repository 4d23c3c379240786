/**
 * Other app instances in processes of their own: `startInstance` runs tests/support/instance-child.ts
 * (renders on request, for the fleet tests); `startWorkerInstance` runs jobs-worker-child.ts (what
 * every instance runs in the background: job workers and the monitors' schedule, D20, D27).
 */
import { type ChildProcess, fork } from "node:child_process";
import path from "node:path";

interface RenderAnswer {
  ok: boolean;
  text?: string;
  error?: string;
  retryAfter?: string;
}

export interface AppInstance {
  child: ChildProcess;
  /** Renders `url` in the instance (withPage) and answers the page's text (or a PNG's size) or the error code. */
  render(url: string, options?: { screenshot?: boolean }): Promise<RenderAnswer>;
  exited: Promise<number | null>;
}

export async function startInstance(env: Record<string, string>): Promise<AppInstance> {
  const child = fork(path.resolve("tests/support/instance-child.ts"), [], {
    execArgv: ["--conditions=react-server", "--import", "tsx"],
    env: { ...process.env, ...env, LOG_LEVEL: "silent" },
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    child.once("message", () => resolve());
    void exited.then((code) => reject(new Error(`instance exited (${code})`)));
  });
  let next = 0;
  return {
    child,
    exited,
    render: (url, options = {}) =>
      new Promise((resolve) => {
        const id = ++next;
        const onMessage = (m: RenderAnswer & { id?: number }) => {
          if (m.id !== id) return;
          child.off("message", onMessage);
          resolve(m);
        };
        child.on("message", onMessage);
        child.send({ id, url, screenshot: options.screenshot });
      }),
  };
}

export interface WorkerInstance {
  child: ChildProcess;
  /** Stops it cleanly (running jobs finish). */
  stop(): Promise<void>;
  /** SIGKILL to its whole process group: its Chromium dies with it, mid-render. */
  kill(): Promise<void>;
}

const workers = new Set<WorkerInstance>();

/** A worker instance in its own process group, with the test's environment plus `env`. */
export async function startWorkerInstance(env: Record<string, string>): Promise<WorkerInstance> {
  const child = fork(path.resolve("tests/support/jobs-worker-child.ts"), [], {
    execArgv: ["--conditions=react-server", "--import", "tsx"],
    env: { ...process.env, ...env, LOG_LEVEL: "silent" },
    stdio: ["ignore", "ignore", "inherit", "ipc"],
    detached: true,
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.once("message", () => resolve());
    void exited.then(() => reject(new Error("worker instance exited before it was ready")));
  });
  const worker: WorkerInstance = {
    child,
    async stop() {
      workers.delete(worker);
      if (child.exitCode !== null) return;
      child.send("stop");
      await exited;
    },
    async kill() {
      workers.delete(worker);
      if (child.exitCode === null) process.kill(-child.pid!, "SIGKILL");
      await exited;
    },
  };
  workers.add(worker);
  return worker;
}

/** Kills every worker instance still running (afterAll). */
export async function killWorkerInstances(): Promise<void> {
  await Promise.all([...workers].map((w) => w.kill().catch(() => {})));
}
