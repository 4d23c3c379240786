/**
 * The routes lib/net's guard asks (D42, lib/net/connector-registry.ts): which of a workspace's
 * connectors serves an origin, and one request through it. A connector connected to this instance
 * answers directly; one connected to another instance is reached through Redis (relay.ts).
 * Declared origins are cached for the early target checks, which may not wait on a query.
 */
import "server-only";
import { activeConnectors, connectorsServing, isConnectorActive } from "@/lib/keys/connectors";
import { log } from "@/lib/log";
import type { ConnectorClaim, ConnectorRoutes, ForwardAnswer, ForwardRequest } from "@/lib/net/connector-route";
import { hub } from "./hub";
import { ConnectorUnavailable, type LiveConnector } from "./live";
import { CLOSE } from "./protocol";
import { forwardElsewhere } from "./relay";

const REFRESH_MS = 5_000;
let refreshedAt = 0;
let refreshing: Promise<void> | undefined;

function refreshSoon(): void {
  if (refreshing || Date.now() - refreshedAt < REFRESH_MS) return;
  refreshedAt = Date.now();
  refreshing = activeConnectors()
    .then((rows) => {
      const next = new Map<string, Set<string>>();
      for (const r of rows)
        for (const o of r.origins)
          (next.get(r.workspaceId) ?? next.set(r.workspaceId, new Set()).get(r.workspaceId)!).add(o);
      // Connections made here while the query ran are in the rows too, but perhaps not in its answer.
      for (const l of hub().live.values())
        for (const o of l.origins)
          (next.get(l.workspaceId) ?? next.set(l.workspaceId, new Set()).get(l.workspaceId)!).add(o);
      hub().declared = next;
    })
    .catch((error: unknown) => log.warn("could not read the connectors' origins", { error }))
    .finally(() => (refreshing = undefined));
}

const ACTIVE_CHECK_MS = 2_000;
const activeChecks = new Map<string, { at: number; active: Promise<boolean> }>();

/** Whether a live connector's token is still active, asked at most every 2 s: a revoke ends it mid-render. */
async function stillActive(live: LiveConnector): Promise<boolean> {
  let check = activeChecks.get(live.id);
  if (!check || Date.now() - check.at > ACTIVE_CHECK_MS) {
    check = { at: Date.now(), active: isConnectorActive(live.id).catch(() => true) };
    activeChecks.set(live.id, check);
  }
  if (await check.active) return true;
  live.close(CLOSE.revoked, "the connector's token was revoked");
  return false;
}

/** This instance's open connectors of a workspace serving an origin, newest first. */
function localServing(workspaceId: string, origin: string) {
  return [...hub().live.values()]
    .filter((l) => l.workspaceId === workspaceId && l.open && l.origins.has(origin))
    .sort((a, b) => b.connectedAt.getTime() - a.connectedAt.getTime());
}

export const connectorRoutes: ConnectorRoutes = {
  declaredOrigins(workspaceId) {
    refreshSoon();
    return hub().declared.get(workspaceId);
  },

  async claim(workspaceId, origin): Promise<ConnectorClaim | undefined> {
    // Every request of every render asks: an origin no connector of the workspace declared (the
    // cache, at most 5 s old) is answered without a query.
    refreshSoon();
    if (!hub().declared.get(workspaceId)?.has(origin)) return undefined;
    const [here] = localServing(workspaceId, origin);
    if (here) return { connectorId: here.id, name: here.name, online: true };
    const rows = await connectorsServing(workspaceId, origin);
    const chosen = rows.find((r) => r.online) ?? rows[0];
    return chosen && { connectorId: chosen.id, name: chosen.name, online: chosen.online };
  },

  async forward(workspaceId, origin, request: ForwardRequest, timeoutMs): Promise<ForwardAnswer> {
    // Failover: a connector that goes away mid-request hands it to the next one serving the origin.
    let last: Error = new ConnectorUnavailable("no connector serving this origin is connected");
    for (const live of localServing(workspaceId, origin)) {
      if (!(await stillActive(live))) continue;
      try {
        return await live.forward(request, timeoutMs);
      } catch (error) {
        if (!(error instanceof ConnectorUnavailable) || !error.gone) throw error;
        last = error;
      }
    }
    const elsewhere = (await connectorsServing(workspaceId, origin)).filter((r) => r.online && !hub().live.has(r.id));
    for (const row of elsewhere) {
      try {
        return await forwardElsewhere(row.id, request, timeoutMs);
      } catch (error) {
        if (!(error instanceof ConnectorUnavailable) || !error.gone) throw error;
        last = error;
      }
    }
    throw last;
  },
};
