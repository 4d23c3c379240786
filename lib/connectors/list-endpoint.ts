/**
 * GET /v1/connectors (D42): the calling workspace's connectors and their status, for scripts that
 * check a connector is up before they render. Never a token: only its masked form.
 */
import "server-only";
import type { ApiContext } from "@/lib/api/context";
import { type JsonOutcome, jsonOutcome } from "@/lib/api/outcome";
import { noParamsEndpoint, type NoParams } from "@/lib/api/no-params";
import { listConnectors, ONLINE_WITHIN_MS } from "@/lib/keys/connectors";
import type { ConnectorsResponse } from "./schema";

export const connectorsEndpoint = noParamsEndpoint("connectors");

export async function handleConnectors(ctx: ApiContext<NoParams>): Promise<JsonOutcome<ConnectorsResponse>> {
  const now = Date.now();
  const rows = await listConnectors(ctx.caller.userId);
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  const body: ConnectorsResponse = {
    connectors: rows.map((c) => ({
      id: c.id,
      name: c.name,
      token: c.display,
      status: c.revokedAt
        ? "revoked"
        : c.connectedAt && c.lastSeenAt && now - c.lastSeenAt.getTime() < ONLINE_WITHIN_MS
          ? "online"
          : "offline",
      lastSeenAt: iso(c.lastSeenAt),
      connectedAt: iso(c.connectedAt),
      exposedOrigins: c.exposedOrigins,
      version: c.version,
      createdAt: c.createdAt.toISOString(),
      revokedAt: iso(c.revokedAt),
    })),
  };
  return jsonOutcome(body, { headers: { "Cache-Control": "no-store" } });
}
