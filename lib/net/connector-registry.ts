/**
 * Where lib/connectors publishes its routes for the guard (D42), and the one question the early
 * target checks ask of them (target.ts): lib/net imports nothing of lib/connectors. Apart from
 * connector-route.ts so that target.ts can ask it without an import cycle.
 */
import { currentWorkspace } from "@/lib/vocabulary/workspace-scope";

export interface ConnectorClaim {
  connectorId: string;
  name: string;
  online: boolean;
}
export interface ForwardRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: Buffer;
}
export interface ForwardAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}
export interface ConnectorRoutes {
  /** The origins the workspace's active connectors declared (cached: no query), or undefined. */
  declaredOrigins(workspaceId: string): ReadonlySet<string> | undefined;
  /** Which connector of the workspace answers for an origin, and whether it is online. */
  claim(workspaceId: string, origin: string): Promise<ConnectorClaim | undefined>;
  /** One request through one of the workspace's connectors for the origin; throws when none answered. */
  forward(workspaceId: string, origin: string, request: ForwardRequest, timeoutMs: number): Promise<ForwardAnswer>;
}

const KEY = Symbol.for("glance.connector-routes");
const shared = globalThis as { [KEY]?: ConnectorRoutes };

export function publishConnectorRoutes(routes: ConnectorRoutes | undefined): void {
  shared[KEY] = routes;
}

export function connectorRoutes(): ConnectorRoutes | undefined {
  return shared[KEY];
}

/** True when the running request's workspace has a connector declaring this URL's origin. */
export function isDeclaredByCurrentWorkspace(url: URL): boolean {
  const workspace = currentWorkspace();
  return workspace !== undefined && (connectorRoutes()?.declaredOrigins(workspace)?.has(url.origin) ?? false);
}
