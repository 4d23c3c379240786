/**
 * The default render slots per instance (`BROWSER_CONCURRENCY`, D17, issue 50 point 3), from the
 * machine's real limits. Read once by lib/env.ts; no other configuration lives here.
 */
import { readFileSync } from "node:fs";
import os from "node:os";

/** What one render slot is given of memory by default: a page of a real site with its renderer. */
const SLOT_MEMORY_BYTES = 512 * 1024 * 1024;

/**
 * The default render slots (`BROWSER_CONCURRENCY`, issue 50 point 3): two per core, fewer when the
 * memory holds fewer pages (one per 512 MiB), at least 1 and at most 64. On the 2-core machine of
 * D30 throughput stopped growing at two renders per core (3.04 renders/s at 4 in flight, 3.12 at
 * 8, bench/RESULTS.md): more slots only queue inside Chromium instead of here, where D17's
 * admission control refuses early and fairly. 4 on that machine, as before.
 */
export function renderSlotsFor(machine: { cores: number; memoryBytes: number }): number {
  return Math.max(1, Math.min(64, 2 * machine.cores, Math.floor(machine.memoryBytes / SLOT_MEMORY_BYTES)));
}

/** The limits this process really has: a container's CPU quota (cgroup v2 `cpu.max`) and memory limit, not the host's. */
export function machineLimits(): { cores: number; memoryBytes: number } {
  let cores = os.availableParallelism();
  try {
    const [quota, period] = readFileSync("/sys/fs/cgroup/cpu.max", "utf8").trim().split(/\s+/);
    if (quota && quota !== "max" && Number(period) > 0)
      cores = Math.min(cores, Math.ceil(Number(quota) / Number(period)));
  } catch {
    // No cgroup v2 CPU limit readable: the cores the process may run on.
  }
  // constrainedMemory() is 2^64 (or 0) when no limit is set.
  return { cores, memoryBytes: Math.min(os.totalmem(), process.constrainedMemory() || Infinity) };
}
