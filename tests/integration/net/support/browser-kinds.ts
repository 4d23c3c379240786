/**
 * The two browser kinds an isolated spec runs its cases on: the local Chromium the service
 * launches, and browserless (npm) behind BROWSER_WS_ENDPOINT. `useBrowserKind` registers the hooks
 * of a `describe.each(BROWSER_KINDS)` block: the service's browsers shut down and the kind
 * started before its tests, and both stopped after them.
 */
import { afterAll, beforeAll } from "vitest";
import { freePort, type RemoteBrowser, startBrowserless } from "@/tests/support/remote-browsers";

export interface BrowserKind {
  name: string;
  start(): Promise<RemoteBrowser | undefined>;
}

export const BROWSER_KINDS: BrowserKind[] = [
  { name: "the local browser", start: async () => undefined },
  {
    name: "browserless",
    start: async () => startBrowserless({ port: await freePort(), token: "browserless-isolated-token" }),
  },
];

export function useBrowserKind(kind: BrowserKind, before?: () => Promise<void>, after?: () => Promise<void>): void {
  let remote: RemoteBrowser | undefined;
  beforeAll(async () => {
    const { shutdownBrowsers } = await import("@/lib/browser");
    const { reloadEnv } = await import("@/lib/env");
    await shutdownBrowsers();
    remote = await kind.start();
    if (remote) process.env.BROWSER_WS_ENDPOINT = remote.endpoint;
    else delete process.env.BROWSER_WS_ENDPOINT;
    reloadEnv();
    await before?.();
  }, 90_000);
  afterAll(async () => {
    await after?.();
    const { shutdownBrowsers } = await import("@/lib/browser");
    await shutdownBrowsers();
    await remote?.stop();
  });
}
