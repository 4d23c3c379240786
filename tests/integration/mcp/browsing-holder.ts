/**
 * Another app instance holding browsing sessions (D43's relay test): browsing-holder-child.ts in a
 * process of its own on the file's PostgreSQL and Redis, started before the file's tests and
 * killed after them (or by a test, to see its sessions become unreachable).
 */
import { type ChildProcess, fork } from "node:child_process";
import path from "node:path";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll } from "vitest";
import { answerOf } from "./harness";

export function browsingHolder() {
  let child: ChildProcess | undefined;
  let exited: Promise<unknown> = Promise.resolve();
  let next = 0;
  beforeAll(async () => {
    child = fork(path.resolve("tests/integration/mcp/browsing-holder-child.ts"), [], {
      execArgv: ["--conditions=react-server", "--import", "tsx"],
      env: { ...process.env, LOG_LEVEL: "silent" },
      stdio: ["ignore", "ignore", "inherit", "ipc"],
    });
    exited = new Promise((resolve) => child!.once("exit", resolve));
    await new Promise<void>((resolve, reject) => {
      child!.once("message", () => resolve());
      void exited.then((code) => reject(new Error(`the other instance exited (${String(code)})`)));
    });
  }, 60_000);
  afterAll(() => {
    child?.kill("SIGKILL");
  });
  return {
    /** browser_open run on the other instance for `apiKey`, loading `url`: the session id it answers. */
    open(apiKey: string, url: string): Promise<string> {
      const id = ++next;
      return new Promise((resolve, reject) => {
        const onMessage = (m: { id?: number; result?: CallToolResult; error?: string }) => {
          if (m.id !== id) return;
          child!.off("message", onMessage);
          if (m.result && !m.result.isError) resolve(String(answerOf(m.result).sessionId));
          else reject(new Error(m.error ?? JSON.stringify(m.result)));
        };
        child!.on("message", onMessage);
        child!.send({ id, apiKey, url });
      });
    },
    /** The instance dies at once (SIGKILL): its Redis subscriptions go with its connections. */
    async kill(): Promise<void> {
      child?.kill("SIGKILL");
      await exited;
    },
  };
}
