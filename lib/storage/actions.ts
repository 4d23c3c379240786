"use server";
/**
 * Dashboard actions on the account's storage (D20): save, remove, check the connection. Each
 * re-checks the origin (CSRF) and the session and touches only the signed-in account's settings
 * (the account comes from the session, never from the form). None returns the secret.
 */
import { revalidatePath } from "next/cache";
import { ApiError } from "@/lib/api/errors";
import { actionUser } from "@/lib/auth/action-user";
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

async function signedInUserId(): Promise<{ userId: string } | { error: string }> {
  const who = await actionUser("storage");
  return "error" in who ? who : { userId: who.user.id };
}

function field(formData: FormData, name: string): string {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
}

export async function saveStorageAction(_prev: StorageSaveState, formData: FormData): Promise<StorageSaveState> {
  const who = await signedInUserId();
  if ("error" in who) return { status: "error", message: who.error };
  let typed: TypedSettings | undefined;
  try {
    if (formData.get("intent") === "remove") {
      await deleteStorageSettings(who.userId);
      revalidatePath("/dashboard/storage");
      return { status: "removed" };
    }
    typed = {
      endpoint: field(formData, "endpoint"),
      region: field(formData, "region"),
      bucket: field(formData, "bucket"),
      prefix: field(formData, "prefix"),
      accessKeyId: field(formData, "accessKeyId"),
    };
    await saveStorageSettings(who.userId, { ...typed, secretAccessKey: field(formData, "secretAccessKey") });
    revalidatePath("/dashboard/storage");
    return { status: "saved" };
  } catch (error) {
    if (error instanceof ApiError)
      return {
        status: "error",
        message: error.message,
        ...(error.param ? { field: error.param } : {}),
        ...(typed ? { values: typed } : {}),
      };
    throw error;
  }
}

/** A real PutObject and DeleteObject of a probe object with the saved settings. */
export async function checkStorageAction(): Promise<StorageCheckState> {
  const who = await signedInUserId();
  if ("error" in who) return { status: "error", message: who.error };
  try {
    const checked = await checkStorageConnection(who.userId);
    if (!checked) return { status: "error", message: "Save the storage settings first." };
    return { status: "ok", bucket: checked.bucket };
  } catch (error) {
    log.info("storage check failed", { userId: who.userId, reason: describeStorageError(error) });
    return { status: "error", message: `Glance could not write to the bucket: ${describeStorageError(error)}.` };
  }
}
