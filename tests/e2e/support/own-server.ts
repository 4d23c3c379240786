/**
 * A production server of a spec's own (scripts/server.ts from the same build, as `npm start`),
 * for specs that need a configuration the harness's app does not have or that stop it. Its
 * output is kept for the spec to read (log lines) rather than printed.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { expect } from "@playwright/test";
import { serverCommand } from "../../../lib/edge/command";

export interface OwnServer {
  url: string;
  child: ChildProcess;
  /** Everything the server wrote so far (stdout and stderr). */
  output(): string;
  /** SIGTERM, then waits for the exit (SIGKILL after `graceMs`). */
  stop(graceMs?: number): Promise<void>;
  exited: Promise<number | null>;
}

export async function startOwnServer(options: {
  port: number;
  hostname: string;
  env: Record<string, string>;
  readyTimeoutMs: number;
}): Promise<OwnServer> {
  const command = serverCommand(process.cwd(), { port: options.port, hostname: options.hostname });
  const child = spawn(command.command, command.args, {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      NEXT_DIST_DIR: process.env.NEXT_DIST_DIR || ".next",
      PORT: String(options.port),
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = `http://${options.hostname}:${options.port}`;
  const stop = async (graceMs = 80_000) => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
    await exited;
    clearTimeout(timer);
  };
  await expect
    .poll(async () => (child.exitCode === null ? (await fetch(`${url}/healthz`).catch(() => undefined))?.status : -1), {
      timeout: options.readyTimeoutMs,
      intervals: [250],
    })
    .toBe(200);
  return { url, child, output: () => output, stop, exited };
}
