/** Starts tests/support/instance-child.ts: another app instance in its own process (see there). */
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
