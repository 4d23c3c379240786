/**
 * Where the production server finds the session endpoint's upgrade handler (D39). The handler is
 * loaded inside Next's server bundle (instrumentation.ts), beside the browsers it uses, and
 * published on globalThis; scripts/server.ts, which runs outside that bundle, hands it every
 * WebSocket upgrade. Nothing here imports the handler itself.
 */
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";

/** Takes an upgrade request and answers true, or answers false for a path it does not serve. */
export type UpgradeHandler = (req: IncomingMessage, socket: Duplex, head: Buffer) => boolean;

const HOOK = Symbol.for("glance.sessions.upgrade");
type WithHook = typeof globalThis & { [HOOK]?: UpgradeHandler };

export function publishUpgradeHandler(handler: UpgradeHandler): void {
  (globalThis as WithHook)[HOOK] = handler;
}

export function publishedUpgradeHandler(): UpgradeHandler | undefined {
  return (globalThis as WithHook)[HOOK];
}
