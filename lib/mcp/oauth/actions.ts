"use server";
/**
 * Disconnecting an MCP client from the dashboard (D25): the grant is deleted, so its access and
 * refresh tokens stop working at the client's next request. Only the current workspace's grants,
 * by a role that may manage its keys.
 */
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { dashboardFormAction, text } from "@/lib/auth/dashboard-action";
import { deleteGrant, listGrants } from "@/lib/keys/oauth-grants";

export const disconnectAppAction = dashboardFormAction(
  {
    what: "connected apps",
    permission: "keys.write",
    audit: "app.disconnected",
    input: z.object({ grant: text(z.string().regex(/^grant_[0-9a-f]{24}$/)) }),
    refused: () => redirect("/dashboard/keys"),
  },
  async ({ workspace, audit, input: { grant } }) => {
    // A grant belongs to the workspace its token acts for (D28), like a key.
    const app = (await listGrants(workspace.id)).find((g) => g.id === grant);
    if (await deleteGrant(workspace.id, grant))
      await audit("app.disconnected", grant, { app: app?.clientName ?? null });
    revalidatePath("/dashboard/keys");
    redirect("/dashboard/keys#connected-apps");
  },
);
