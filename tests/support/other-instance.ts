/**
 * Another app instance for a test file (the relays between instances, D42, D43): a child module
 * run in a process of its own on the file's PostgreSQL and Redis (it inherits the environment),
 * started before the file's tests and killed after them, or by a test to see what it held become
 * unreachable. The child sends one message when it is ready, then answers each request it is sent
 * (`{ id, ... }`) with a message carrying the same `id`.
 */
import { type ChildProcess, fork } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { madeInBeforeAll } from "@/tests/support/test-env";

export function otherInstance<Ready>(childModule: string) {
  let child: ChildProcess | undefined;
  let exited: Promise<unknown> = Promise.resolve();
  let ready: Ready | undefined;
  let next = 0;
  beforeAll(async () => {
    child = fork(path.resolve(childModule), [], {
      execArgv: ["--conditions=react-server", "--import", "tsx"],
      env: { ...process.env, LOG_LEVEL: "silent" },
      stdio: ["ignore", "ignore", "inherit", "ipc"],
    });
    exited = new Promise((resolve) => child!.once("exit", resolve));
    ready = await new Promise<Ready>((resolve, reject) => {
      child!.once("message", (m) => resolve(m as Ready));
      void exited.then((code) => reject(new Error(`the other instance exited (${String(code)})`)));
    });
  }, 60_000);
  afterAll(() => {
    child?.kill("SIGKILL");
  });
  return {
    /** What the child said when it was ready. */
    get ready(): Ready {
      return madeInBeforeAll(ready, "the other instance");
    },
    /** Sends `request` to the child and answers its reply. */
    ask<Answer>(request: Record<string, unknown>): Promise<Answer & { id: number }> {
      const id = ++next;
      return new Promise((resolve) => {
        const onMessage = (m: Answer & { id?: number }) => {
          if (m.id !== id) return;
          child!.off("message", onMessage);
          resolve(m as Answer & { id: number });
        };
        child!.on("message", onMessage);
        child!.send({ id, ...request });
      });
    },
    /** The instance dies at once (SIGKILL): its Redis subscriptions go with its connections. */
    async kill(): Promise<void> {
      child?.kill("SIGKILL");
      await exited;
    },
  };
}
