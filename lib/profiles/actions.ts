"use server";
/**
 * The dashboard's action on saved logins (D43): delete one. Written with `dashboardAction`, so it
 * touches only the current workspace's profiles (the workspace comes from the session, never from
 * the form) and only for a role with `profiles.write`. Profiles are saved from sessions (the API,
 * MCP), never from a form.
 */
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { dashboardAction, refuseWithError, text } from "@/lib/auth/dashboard-action";
import { deleteProfile } from "./store";

export type DeleteProfileState = { status: "idle" } | { status: "deleted" } | { status: "error"; message: string };

export const deleteProfileAction = dashboardAction(
  {
    what: "saved profiles",
    permission: "profiles.write",
    audit: ["profile.deleted"],
    input: z.object({ name: text(z.string().min(1, "Choose a profile.")) }),
    refused: refuseWithError,
  },
  async ({ workspace, audit, input: { name } }): Promise<DeleteProfileState> => {
    if (!(await deleteProfile(workspace.id, name)))
      return { status: "error", message: "No such profile in this workspace." };
    await audit("profile.deleted", null, { name });
    revalidatePath("/dashboard/profiles");
    return { status: "deleted" };
  },
);
