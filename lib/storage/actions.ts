"use server";
/**
 * Dashboard actions on the account's storage (D20): save, remove, check the connection. Written with
 * `dashboardAction`, so each touches only the signed-in account's settings (the account comes from
 * the session, never from the form). None returns the secret.
 */
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { ApiError } from "@/lib/vocabulary/errors";
import { dashboardAction, refuseWithError, text } from "@/lib/auth/dashboard-action";
import { log } from "@/lib/log";
import type { StorageLocation } from "./config";
import { describeStorageError } from "./s3";
import { checkStorageConnection, deleteStorageSettings, saveStorageSettings } from "./settings";

/** What was typed, sent back on a refusal so the form keeps it (never the secret). */
type TypedSettings = StorageLocation;

export type StorageSaveState =
  | { status: "idle" }
  | { status: "saved" }
  | { status: "removed" }
  | { status: "error"; message: string; field?: string; values?: TypedSettings };
export type StorageCheckState =
  { status: "idle" } | { status: "ok"; bucket: string } | { status: "error"; message: string };

const what = "storage";
/** Who may run these (D28, lib/auth/roles.ts). */
const permission = "storage.write" as const;

const settingsInput = z.object({
  intent: text(),
  endpoint: text(),
  region: text(),
  bucket: text(),
  prefix: text(),
  accessKeyId: text(),
  secretAccessKey: text(),
});

export const saveStorageAction = dashboardAction(
  { what, permission, audit: ["storage.saved", "storage.removed"], input: settingsInput, refused: refuseWithError },
  async ({ workspace, audit, input: { intent, secretAccessKey, ...typed } }): Promise<StorageSaveState> => {
    try {
      if (intent === "remove") {
        await deleteStorageSettings(workspace.id);
        await audit("storage.removed");
        revalidatePath("/dashboard/storage");
        return { status: "removed" };
      }
      await saveStorageSettings(workspace.id, { ...typed, secretAccessKey });
      // What was saved, never the secret.
      await audit("storage.saved", null, {
        endpoint: typed.endpoint,
        bucket: typed.bucket,
        prefix: typed.prefix,
      });
      revalidatePath("/dashboard/storage");
      return { status: "saved" };
    } catch (error) {
      if (error instanceof ApiError)
        return {
          status: "error",
          message: error.message,
          ...(error.param ? { field: error.param } : {}),
          ...(intent === "remove" ? {} : { values: typed }),
        };
      throw error;
    }
  },
);

/** A real PutObject and DeleteObject of a probe object with the saved settings. */
export const checkStorageAction = dashboardAction(
  {
    what,
    permission,
    audit: { none: "writes and deletes a probe object in the customer's bucket; no setting changes" },
    refused: refuseWithError,
  },
  async ({ workspace }): Promise<StorageCheckState> => {
    try {
      const checked = await checkStorageConnection(workspace.id);
      if (!checked) return { status: "error", message: "Save the storage settings first." };
      return { status: "ok", bucket: checked.bucket };
    } catch (error) {
      log.info("storage check failed", { userId: workspace.id, reason: describeStorageError(error) });
      return { status: "error", message: `Glance could not write to the bucket: ${describeStorageError(error)}.` };
    }
  },
);
