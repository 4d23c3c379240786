"use server";
/**
 * API key server actions. Each one re-checks, on its own, that the request comes from our site
 * (CSRF) and who is signed in, and only ever touches that user's keys: a key id belonging to
 * someone else is answered exactly like one that does not exist.
 */
import { revalidatePath } from "next/cache";
import { actionUser } from "@/lib/auth/action-user";
import { log } from "@/lib/log";
import { createApiKey, KeyCreationRefused, MAX_KEY_NAME_LENGTH, renameApiKey, revokeApiKey } from "./service";

export type CreateKeyState =
  | { status: "idle" }
  | {
      status: "created";
      id: string;
      name: string;
      key: string;
      display: string;
      publicId: string;
      signingSecret: string;
    }
  | { status: "error"; message: string; name?: string };

export type RenameKeyState =
  { status: "idle" } | { status: "renamed"; name: string } | { status: "error"; message: string };

export type RevokeKeyState =
  { status: "idle" } | { status: "revoked"; id: string } | { status: "error"; message: string };

const KEY_NOT_FOUND = "No active key with this id exists in your account.";

const signedInUser = () => actionUser("your keys");

export async function createKeyAction(_prev: CreateKeyState, formData: FormData): Promise<CreateKeyState> {
  const name = String(formData.get("name") ?? "")
    .replace(/\s+/g, " ")
    .trim();
  const who = await signedInUser();
  if ("error" in who) return { status: "error", message: who.error, name };
  if (name.length > MAX_KEY_NAME_LENGTH) {
    return { status: "error", message: `Key names are at most ${MAX_KEY_NAME_LENGTH} characters.`, name };
  }
  try {
    const { key, apiKey, signingSecret } = await createApiKey(who.user.id, name);
    revalidatePath("/dashboard", "layout");
    // The plaintext and the signing secret go back to this one response only: the key is stored
    // as a hash, the signing secret not at all (D15).
    return {
      status: "created",
      id: apiKey.id,
      name: apiKey.name,
      key,
      display: apiKey.display,
      publicId: apiKey.publicId,
      signingSecret,
    };
  } catch (error) {
    if (error instanceof KeyCreationRefused) return { status: "error", message: error.message, name };
    log.error("key creation failed", { userId: who.user.id, error });
    return { status: "error", message: "The key could not be created. Please try again.", name };
  }
}

export async function revokeKeyAction(_prev: RevokeKeyState, formData: FormData): Promise<RevokeKeyState> {
  const keyId = formData.get("keyId");
  const who = await signedInUser();
  if ("error" in who) return { status: "error", message: who.error };
  if (typeof keyId !== "string" || keyId.length === 0 || keyId.length > 64)
    return { status: "error", message: KEY_NOT_FOUND };
  const revoked = await revokeApiKey(who.user.id, keyId);
  if (!revoked) return { status: "error", message: KEY_NOT_FOUND };
  log.info("key revoked", { userId: who.user.id, apiKeyId: keyId });
  revalidatePath("/dashboard", "layout");
  return { status: "revoked", id: keyId };
}

/** Renames one of the signed-in user's active keys (D22); another account's key id is "not found". */
export async function renameKeyAction(_prev: RenameKeyState, formData: FormData): Promise<RenameKeyState> {
  const keyId = formData.get("keyId");
  const name = String(formData.get("name") ?? "")
    .replace(/\s+/g, " ")
    .trim();
  const who = await signedInUser();
  if ("error" in who) return { status: "error", message: who.error };
  if (typeof keyId !== "string" || keyId.length === 0 || keyId.length > 64)
    return { status: "error", message: KEY_NOT_FOUND };
  if (name.length === 0) return { status: "error", message: "Enter a name for the key." };
  if (name.length > MAX_KEY_NAME_LENGTH)
    return { status: "error", message: `Key names are at most ${MAX_KEY_NAME_LENGTH} characters.` };
  const renamed = await renameApiKey(who.user.id, keyId, name);
  if (renamed === null) return { status: "error", message: KEY_NOT_FOUND };
  log.info("key renamed", { userId: who.user.id, apiKeyId: keyId });
  revalidatePath("/dashboard", "layout");
  return { status: "renamed", name: renamed };
}
