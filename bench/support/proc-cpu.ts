/**
 * CPU accounting from /proc for the benchmarks that compare whole process trees (D30): CPU
 * seconds of every process under a root, by kind (the Node server, Chromium's browser process,
 * its renderers, GPU, utility and zygote processes, and what exited children left in their
 * parents' cutime/cstime), and the whole machine's busy time from /proc/stat.
 */
import { readdirSync, readFileSync } from "node:fs";

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

export type ProcessKind = "node" | "browser" | "renderer" | "gpu" | "utility" | "zygote" | "exited" | "other";

interface Proc {
  ppid: number;
  /** utime + stime, in ticks. */
  own: number;
  /** cutime + cstime: children that exited and were reaped by this process. */
  reaped: number;
}

export type CpuByKind = Partial<Record<ProcessKind, number>>;

const kinds = new Map<number, ProcessKind>();

function kindOf(pid: number): ProcessKind {
  let kind = kinds.get(pid);
  if (kind) return kind;
  let cmd = "";
  try {
    cmd = readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
  } catch {
    // Gone meanwhile.
  }
  const type = /--type=([a-z-]+)/.exec(cmd)?.[1];
  if (/chrom/i.test(cmd.split(" ")[0] ?? "")) {
    kind =
      type === undefined
        ? "browser"
        : type === "renderer"
          ? "renderer"
          : type === "gpu-process"
            ? "gpu"
            : type === "utility"
              ? "utility"
              : type === "zygote"
                ? "zygote"
                : "other";
  } else kind = /node|tsx/.test(cmd) ? "node" : "other";
  kinds.set(pid, kind);
  return kind;
}

function readProcs(): Map<number, Proc> {
  const procs = new Map<number, Proc>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      procs.set(Number(entry), {
        ppid: Number(f[1]),
        own: Number(f[11]) + Number(f[12]),
        reaped: Number(f[13]) + Number(f[14]),
      });
    } catch {
      // The process ended while we looked.
    }
  }
  return procs;
}

/**
 * CPU seconds so far of `root` and every process under it, by kind; processes under any of
 * `exclude` (and those roots) are left out. The total only grows while the tree lives: a child
 * that exits moves from its own kind to its reaper's "exited".
 */
export function treeCpu(root: number, exclude: number[] = []): CpuByKind {
  const procs = readProcs();
  const within = (pid: number): boolean => {
    for (let p = pid, hops = 0; p > 1 && hops < 64; p = procs.get(p)?.ppid ?? 0, hops++) {
      if (exclude.includes(p)) return false;
      if (p === root) return true;
    }
    return false;
  };
  const out: CpuByKind = {};
  const add = (kind: ProcessKind, ticks: number) => (out[kind] = (out[kind] ?? 0) + ticks / TICKS_PER_SECOND);
  for (const [pid, proc] of procs) {
    if (!within(pid)) continue;
    add(kindOf(pid), proc.own);
    if (proc.reaped) add("exited", proc.reaped);
  }
  return out;
}

export function totalOf(cpu: CpuByKind): number {
  return Object.values(cpu).reduce((t, v) => t + (v ?? 0), 0);
}

/** after − before, by kind. */
export function cpuSince(before: CpuByKind, after: CpuByKind): CpuByKind {
  const out: CpuByKind = {};
  for (const kind of new Set([...Object.keys(before), ...Object.keys(after)]) as Set<ProcessKind>)
    out[kind] = (after[kind] ?? 0) - (before[kind] ?? 0);
  return out;
}

/** Busy CPU seconds of the whole machine so far (every core; not idle, iowait or steal — another VM's). */
export function machineBusySeconds(): number {
  const cpu = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
  const [user, nice, system, , , irq, softirq] = cpu;
  return (user + nice + system + irq + softirq) / TICKS_PER_SECOND;
}

/**
 * Counts the renderer processes started under `root` while it runs (sampled every 100 ms: a
 * renderer lives at least as long as its page). Each costs a process start and Blink's set-up.
 */
export function countRenderers(root: number): { stop(): number } {
  const known = new Set<number>();
  let launched = 0;
  const parentOf = (pid: number) => {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  };
  const scan = () => {
    for (const entry of readdirSync("/proc")) {
      const pid = Number(entry);
      if (!Number.isInteger(pid) || known.has(pid)) continue;
      known.add(pid);
      try {
        if (!readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("--type=renderer")) continue;
        for (let p = parentOf(pid), hops = 0; p > 1 && hops < 8; p = parentOf(p), hops++)
          if (p === root) {
            launched++;
            break;
          }
      } catch {
        // Gone meanwhile.
      }
    }
  };
  scan();
  launched = 0; // those already running are not this phase's
  const timer = setInterval(scan, 100);
  return {
    stop() {
      clearInterval(timer);
      scan();
      return launched;
    },
  };
}

/** Waits until `tree` uses less than 5 % of a core over 400 ms (at most 8 s): the side's leftover work is done. */
export async function untilIdle(tree: () => CpuByKind): Promise<void> {
  for (let i = 0, last = totalOf(tree()); i < 20; i++) {
    await new Promise((resolve) => setTimeout(resolve, 400));
    const now = totalOf(tree());
    if (now - last < 0.02) return;
    last = now;
  }
}
