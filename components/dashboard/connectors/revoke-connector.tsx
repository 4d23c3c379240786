"use client";

import { revokeConnectorAction } from "@/lib/keys/connector-actions";
import { RevokeDialog } from "@/components/dashboard/revoke-dialog";

/** Revoke a connector, confirmed in a dialog, like a key. */
export function RevokeConnector({ connectorId, name }: { connectorId: string; name: string }) {
  return (
    <RevokeDialog
      action={revokeConnectorAction}
      field={{ name: "connectorId", value: connectorId }}
      kind="connector"
      name={name}
    >
      Its connection is closed and renders of its origins stop going through it. This cannot be undone.
    </RevokeDialog>
  );
}
