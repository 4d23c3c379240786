"use server";
/**
 * Disconnecting an MCP client from the dashboard (D25): the grant is deleted, so its access and
 * refresh tokens stop working at the client's next request. Only the signed-in account's grants.
 */
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { dashboardFormAction, text } from "@/lib/auth/dashboard-action";
import { deleteGrant } from "./store";

export const disconnectAppAction = dashboardFormAction(
  {
    what: "your connected apps",
    input: z.object({ grant: text(z.string().regex(/^grant_[0-9a-f]{24}$/)) }),
    refused: () => redirect("/dashboard/keys"),
  },
  async ({ user, input: { grant } }) => {
    await deleteGrant(user.id, grant);
    revalidatePath("/dashboard/keys");
    redirect("/dashboard/keys#connected-apps");
  },
);
