"use server";
/**
 * API key server actions, written with `dashboardAction` (origin, session, the form through a
 * schema), so each only ever touches the signed-in user's keys: a key id belonging to someone else
 * is answered exactly like one that does not exist.
 */
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { dashboardAction, refuseWithError, text, type Refusal, type FormFields } from "@/lib/auth/dashboard-action";
import { log } from "@/lib/log";
import { KEY_NOT_FOUND, keyIdField } from "./form";
import { rollApiKey } from "./roll";
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

export type RollKeyState =
  { status: "idle" } | { status: "rolled"; key: string; display: string } | { status: "error"; message: string };

export type RevokeKeyState =
  { status: "idle" } | { status: "revoked"; id: string } | { status: "error"; message: string };

const what = "your keys";
/** Who may run these (D28, lib/auth/roles.ts). */
const permission = "keys.write" as const;
const keyName = text().transform((name) => name.replace(/\s+/g, " ").trim());
const TOO_LONG = `Key names are at most ${MAX_KEY_NAME_LENGTH} characters.`;

export const createKeyAction = dashboardAction(
  {
    what,
    permission,
    audit: "key.created",
    input: z.object({ name: keyName.pipe(z.string().max(MAX_KEY_NAME_LENGTH, TOO_LONG)) }),
    // The form keeps the name typed (a form action resets its fields to their defaults).
    refused: ({ message }: Refusal, form: FormFields): CreateKeyState => ({
      status: "error",
      message,
      name: keyName.parse(form.name),
    }),
  },
  async ({ workspace, audit, input: { name } }): Promise<CreateKeyState> => {
    try {
      // The key names its maker (D28): their removal, or a role without keys.write, ends it.
      const { key, apiKey, signingSecret } = await createApiKey(workspace.id, name, workspace.user.id);
      await audit("key.created", apiKey.id, { name: apiKey.name });
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
      log.error("key creation failed", { userId: workspace.id, error });
      return { status: "error", message: "The key could not be created. Please try again.", name };
    }
  },
);

export const revokeKeyAction = dashboardAction(
  { what, permission, audit: "key.revoked", input: z.object({ keyId: keyIdField }), refused: refuseWithError },
  async ({ workspace, audit, input: { keyId } }): Promise<RevokeKeyState> => {
    const revoked = await revokeApiKey(workspace.id, keyId);
    if (!revoked) return { status: "error", message: KEY_NOT_FOUND };
    log.info("key revoked", { userId: workspace.id, apiKeyId: keyId });
    await audit("key.revoked", keyId);
    revalidatePath("/dashboard", "layout");
    return { status: "revoked", id: keyId };
  },
);

/** Renames one of the signed-in user's active keys (D22); another account's key id is "not found". */
export const renameKeyAction = dashboardAction(
  {
    what,
    permission,
    audit: "key.renamed",
    input: z.object({
      keyId: keyIdField,
      name: keyName.pipe(z.string().min(1, "Enter a name for the key.").max(MAX_KEY_NAME_LENGTH, TOO_LONG)),
    }),
    refused: refuseWithError,
  },
  async ({ workspace, audit, input: { keyId, name } }): Promise<RenameKeyState> => {
    const renamed = await renameApiKey(workspace.id, keyId, name);
    if (renamed === null) return { status: "error", message: KEY_NOT_FOUND };
    log.info("key renamed", { userId: workspace.id, apiKeyId: keyId });
    await audit("key.renamed", keyId, { name: renamed });
    revalidatePath("/dashboard", "layout");
    return { status: "renamed", name: renamed };
  },
);

/**
 * Rolls one of the workspace's active keys (D5, D28): the same key with a new secret, shown once;
 * the old one is refused from the next request on. Another workspace's key id is "not found".
 */
export const rollKeyAction = dashboardAction(
  { what, permission, audit: "key.rolled", input: z.object({ keyId: keyIdField }), refused: refuseWithError },
  async ({ workspace, audit, input: { keyId } }): Promise<RollKeyState> => {
    const rolled = await rollApiKey({ userId: workspace.id, keyId });
    if (!rolled) return { status: "error", message: KEY_NOT_FOUND };
    log.info("key rolled", { userId: workspace.id, apiKeyId: keyId });
    await audit("key.rolled", keyId);
    revalidatePath("/dashboard", "layout");
    // The plaintext goes back to this one response only: the key is stored as a hash.
    return { status: "rolled", key: rolled.key, display: rolled.display };
  },
);
