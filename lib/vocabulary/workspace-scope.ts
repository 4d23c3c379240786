/**
 * Whose request is running (D42): the endpoint core runs each endpoint inside its caller's
 * workspace, so a check deep below it (the target's address, lib/net) can ask without every
 * signature carrying it. Only connectors read it: a workspace's declared private origins pass
 * the early target checks for that workspace alone.
 */
import { AsyncLocalStorage } from "node:async_hooks";

// On globalThis: Next may evaluate this module more than once (server bundle and instrumentation).
const KEY = Symbol.for("glance.workspace-scope");
const shared = globalThis as { [KEY]?: AsyncLocalStorage<string> };
const scope = (shared[KEY] ??= new AsyncLocalStorage<string>());

export function inWorkspace<T>(workspaceId: string, run: () => T): T {
  return scope.run(workspaceId, run);
}

/** The workspace of the request running now, or undefined outside one. */
export function currentWorkspace(): string | undefined {
  return scope.getStore();
}
