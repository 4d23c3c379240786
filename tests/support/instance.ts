/**
 * Other app instances in processes of their own: `startInstance` runs tests/support/instance-child.ts
 * (renders on request, for the fleet tests); `startWorkerInstance` runs jobs-worker-child.ts (what
 * every instance runs in the background: job workers and the monitors' schedule, D20, D27);
 * `startRecordingInstance` runs recording-child.ts (records videos, D26, for measuring its memory).
 */
import { type ChildProcess, fork } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
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

export interface RecordingInstance {
  child: ChildProcess;
  /** Records a /v1/animate query in the instance; answers its frame count and file size. */
  record(query: Record<string, string>): Promise<{ frames: number; bytes: number }>;
  /** The bytes of one frame of `url` as the recorder captures it (JPEG 92 of the viewport). */
  frameBytes(url: string, size: { width: number; height: number }): Promise<number>;
  /** The instance's resident memory now and at its peak since it started or since `resetPeak` (kB, /proc/<pid>/status). */
  memory(): { rssKb: number; peakKb: number };
  /** Starts the peak (VmHWM) afresh from the current resident size (/proc/<pid>/clear_refs, Linux). */
  resetPeak(): void;
  stop(): Promise<void>;
}

/** An instance that records videos (recording-child.ts), for measuring a recording's memory. */
export async function startRecordingInstance(env: Record<string, string>): Promise<RecordingInstance> {
  const child = fork(path.resolve("tests/support/recording-child.ts"), [], {
    execArgv: ["--conditions=react-server", "--import", "tsx"],
    env: { ...process.env, ...env, LOG_LEVEL: "silent" },
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.once("message", () => resolve());
    void exited.then(() => reject(new Error("recording instance exited before it was ready")));
  });
  const status = () => readFileSync(`/proc/${child.pid}/status`, "utf8");
  const kb = (text: string, field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(text)![1]);
  let next = 0;
  const ask = (request: Record<string, unknown>) =>
    new Promise<{ frames: number; bytes: number }>((resolve, reject) => {
      const id = ++next;
      const onMessage = (m: { id?: number; ok: boolean; frames: number; bytes: number; error?: string }) => {
        if (m.id !== id) return;
        child.off("message", onMessage);
        if (m.ok) resolve({ frames: m.frames, bytes: m.bytes });
        else reject(new Error(`recording instance: ${m.error}`));
      };
      child.on("message", onMessage);
      child.send({ id, ...request });
    });
  return {
    child,
    record: (query) => ask({ query }),
    frameBytes: async (url, size) => (await ask({ frameOf: { url, ...size } })).bytes,
    memory: () => {
      const text = status();
      return { rssKb: kb(text, "VmRSS"), peakKb: kb(text, "VmHWM") };
    },
    resetPeak: () => writeFileSync(`/proc/${child.pid}/clear_refs`, "5"),
    async stop() {
      if (child.exitCode === null) child.send("stop");
      await exited;
    },
  };
}
