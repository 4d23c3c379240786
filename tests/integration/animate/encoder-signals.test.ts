/**
 * The encoder and the instance's signals (D26, D16): ffmpeg runs in a process group of its own, so
 * a signal sent to the server's group (Ctrl-C in a terminal, tini -g, a test runner stopping the
 * server) does not kill a recording the graceful shutdown lets finish; and an encoder that dies
 * while the instance is stopping answers 503 shutting_down, never 500.
 */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { testEnvironment } from "@/tests/support/test-env";

testEnvironment();

/** ffmpeg processes this process started: [pid, process group]. */
function ffmpegChildren(): Array<[number, number]> {
  const found: Array<[number, number]> = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8").trim();
      // pid (comm) state ppid pgrp …
      const [, comm, rest] = /^\d+ \((.*)\) (.*)$/.exec(stat) ?? [];
      const [, ppid, pgrp] = (rest ?? "").split(" ");
      if (comm === "ffmpeg" && Number(ppid) === process.pid) found.push([Number(entry), Number(pgrp)]);
    } catch {
      // The process ended while it was read.
    }
  }
  return found;
}

function ownGroup(): number {
  const stat = readFileSync("/proc/self/stat", "utf8").trim();
  return Number(/^\d+ \(.*\) (.*)$/.exec(stat)![1]!.split(" ")[2]);
}

const SETTINGS = { format: "mp4", width: 320, height: 240, fps: 4, quality: 80, maxBytes: 10 * 1024 * 1024 } as const;

describe("the video encoder's process", () => {
  it("runs ffmpeg in a process group of its own", async () => {
    const { FrameEncoder } = await import("@/lib/animate/encode");
    const encoder = await FrameEncoder.start(SETTINGS);
    try {
      const children = ffmpegChildren();
      expect(children).toHaveLength(1);
      const [[pid, group]] = children as [[number, number]];
      expect(group).toBe(pid);
      expect(group).not.toBe(ownGroup());
    } finally {
      await encoder.close();
    }
  });

  it("answers 503 shutting_down when ffmpeg dies while the instance stops", async () => {
    const { FrameEncoder } = await import("@/lib/animate/encode");
    const { stopTakingRenders } = await import("@/lib/browser");
    const encoder = await FrameEncoder.start(SETTINGS);
    try {
      stopTakingRenders();
      const [[pid]] = ffmpegChildren() as [[number, number]];
      process.kill(pid, "SIGINT");
      const error = await encoder.finish().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toMatchObject({ code: "shutting_down", status: 503 });
    } finally {
      await encoder.close();
    }
  });
});
