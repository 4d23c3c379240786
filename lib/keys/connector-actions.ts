"use server";
/**
 * Connector server actions (D42), written with `dashboardAction`: each acts for the session's
 * workspace only, so another workspace's connector id is answered like one that does not exist.
 */
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { dashboardAction, refuseWithError, text, type Refusal } from "@/lib/auth/dashboard-action";
import { log } from "@/lib/log";
import {
  ConnectorCreationRefused,
  createConnector,
  MAX_CONNECTOR_NAME_LENGTH,
  revokeConnector,
} from "@/lib/keys/connectors";

export type CreateConnectorState =
  | { status: "idle" }
  | { status: "created"; id: string; name: string; token: string; display: string }
  | { status: "error"; message: string };

export type RevokeConnectorState =
  { status: "idle" } | { status: "revoked"; id: string } | { status: "error"; message: string };

const what = "your connectors";
/** A connector token acts for the workspace like a key: the same permission (D28). */
const permission = "keys.write" as const;
const NOT_FOUND = "No active connector with this id exists in this workspace.";
const TOO_LONG = `Connector names are at most ${MAX_CONNECTOR_NAME_LENGTH} characters.`;

export const createConnectorAction = dashboardAction(
  {
    what,
    permission,
    audit: "connector.created",
    input: z.object({
      name: text()
        .transform((name) => name.replace(/\s+/g, " ").trim())
        .pipe(z.string().max(MAX_CONNECTOR_NAME_LENGTH, TOO_LONG)),
    }),
    refused: ({ message }: Refusal): CreateConnectorState => ({ status: "error", message }),
  },
  async ({ workspace, audit, input: { name } }): Promise<CreateConnectorState> => {
    try {
      // It names its maker: their removal, or a role without keys.write, revokes it.
      const { token, connector } = await createConnector(workspace.id, name, workspace.user.id);
      await audit("connector.created", connector.id, { name: connector.name });
      revalidatePath("/dashboard/connectors");
      // The token goes back to this one response only: it is stored as a hash.
      return { status: "created", id: connector.id, name: connector.name, token, display: connector.display };
    } catch (error) {
      if (error instanceof ConnectorCreationRefused) return { status: "error", message: error.message };
      log.error("connector creation failed", { userId: workspace.id, error });
      return { status: "error", message: "The connector could not be created. Please try again." };
    }
  },
);

export const revokeConnectorAction = dashboardAction(
  {
    what,
    permission,
    audit: "connector.revoked",
    input: z.object({ connectorId: text(z.string().min(1, NOT_FOUND).max(64, NOT_FOUND)) }),
    refused: refuseWithError,
  },
  async ({ workspace, audit, input: { connectorId } }): Promise<RevokeConnectorState> => {
    // A connected program notices within its next heartbeat check and is disconnected (D42).
    if (!(await revokeConnector(workspace.id, connectorId))) return { status: "error", message: NOT_FOUND };
    log.info("connector revoked", { userId: workspace.id, connectorId });
    await audit("connector.revoked", connectorId);
    revalidatePath("/dashboard/connectors");
    return { status: "revoked", id: connectorId };
  },
);
