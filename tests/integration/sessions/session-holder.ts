/**
 * Another app instance holding live sessions (D43's profile relay test): session-holder-child.ts
 * in a process of its own on the file's PostgreSQL and Redis, started before the file's tests and
 * killed after them (or by a test, to see its sessions become unreachable).
 */
import { type ChildProcess, fork } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { madeInBeforeAll } from "@/tests/support/test-env";

export function sessionHolder() {
  let child: ChildProcess | undefined;
  let endpoint: string | undefined;
  let exited: Promise<unknown> = Promise.resolve();
  let next = 0;
  beforeAll(async () => {
    child = fork(path.resolve("tests/integration/sessions/session-holder-child.ts"), [], {
      execArgv: ["--conditions=react-server", "--import", "tsx"],
      env: { ...process.env, LOG_LEVEL: "silent" },
      stdio: ["ignore", "ignore", "inherit", "ipc"],
    });
    exited = new Promise((resolve) => child!.once("exit", resolve));
    endpoint = await new Promise<string>((resolve, reject) => {
      child!.once("message", (m: { endpoint: string }) => resolve(m.endpoint));
      void exited.then((code) => reject(new Error(`the other instance exited (${String(code)})`)));
    });
  }, 60_000);
  afterAll(() => {
    child?.kill("SIGKILL");
  });
  return {
    /** ws://127.0.0.1:<port>/v1/browser on the other instance. */
    get endpoint() {
      return madeInBeforeAll(endpoint, "the other instance");
    },
    /** An MCP browsing session opened there for `apiKey`, signed in on the login site at `site`: its id. */
    signedInBrowsing(apiKey: string, site: string): Promise<string> {
      const id = ++next;
      return new Promise((resolve, reject) => {
        const onMessage = (m: { id?: number; sessionId?: string; error?: string }) => {
          if (m.id !== id) return;
          child!.off("message", onMessage);
          if (m.sessionId) resolve(m.sessionId);
          else reject(new Error(m.error));
        };
        child!.on("message", onMessage);
        child!.send({ id, apiKey, site });
      });
    },
    /** The instance dies at once (SIGKILL): its Redis subscriptions go with its connections. */
    async kill(): Promise<void> {
      child?.kill("SIGKILL");
      await exited;
    },
  };
}
