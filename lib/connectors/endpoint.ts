/**
 * Connectors at start-up (D42, instrumentation.ts): the /v1/connector upgrade joins the handler
 * scripts/server.ts hands upgrades to (beside /v1/browser's, D39), the guard gets the routes, and
 * this instance listens for requests other instances relay to its connectors.
 */
import "server-only";
import { publishConnectorRoutes } from "@/lib/net/connector-route";
import { publishedUpgradeHandler, publishUpgradeHandler } from "@/lib/sessions/upgrade-hook";
import { closeAllConnectors, handleConnectorUpgrade } from "./hub";
import { startRelay, stopRelay } from "./relay";
import { connectorRoutes } from "./routes";

export function installConnectorEndpoint(): void {
  const others = publishedUpgradeHandler();
  publishUpgradeHandler(
    (req, socket, head) => handleConnectorUpgrade(req, socket, head) || (others?.(req, socket, head) ?? false),
  );
  publishConnectorRoutes(connectorRoutes);
  startRelay();
}

/** Shutdown: the sockets close (their programs reconnect to another instance), the relay stops. */
export async function stopConnectors(): Promise<void> {
  closeAllConnectors();
  await stopRelay();
}
