"use server";
/**
 * Dashboard actions on the brand kit (D21, Brand kit): add or replace a font, image or colour, and
 * delete one. Each re-checks the origin (CSRF) and the session and touches only the signed-in
 * account's kit: the account comes from the session, never from the form.
 */
import { revalidatePath } from "next/cache";
import { actionUser } from "@/lib/auth/action-user";
import type { BrandKind } from "@/lib/og/account/brand";
import { deleteBrandAsset, saveBrandColor, saveBrandFont, saveBrandImage } from "./brand-kit";
import { BrandAssetError } from "@/lib/studio/brand-upload";

/** A refusal carries what was typed (a form action resets fields to their defaults; these become them). */
export type BrandActionState =
  | { status: "idle" }
  | { status: "saved"; name: string }
  | { status: "error"; message: string; name?: string; value?: string };

async function signedInUserId(): Promise<{ userId: string } | { error: string }> {
  const who = await actionUser("your brand kit");
  return "error" in who ? who : { userId: who.user.id };
}

const text = (formData: FormData, name: string) => {
  const value = formData.get(name);
  return typeof value === "string" ? value.trim() : "";
};

const KINDS: readonly BrandKind[] = ["font", "image", "color"];

export async function saveBrandAssetAction(_prev: BrandActionState, formData: FormData): Promise<BrandActionState> {
  const who = await signedInUserId();
  if ("error" in who) return { status: "error", message: who.error };
  const kind = text(formData, "kind") as BrandKind;
  const name = text(formData, "name");
  if (!KINDS.includes(kind)) return { status: "error", message: "Unknown kind of brand asset." };
  const typed = { name, value: text(formData, "value") };
  try {
    if (kind === "color") await saveBrandColor(who.userId, name, text(formData, "value"));
    else {
      const file = formData.get("file");
      if (!(file instanceof File) || file.size === 0)
        return { status: "error", message: "Choose a file to upload.", ...typed };
      const bytes = Buffer.from(await file.arrayBuffer());
      if (kind === "font") await saveBrandFont(who.userId, name, bytes);
      else await saveBrandImage(who.userId, name, bytes);
    }
  } catch (error) {
    if (error instanceof BrandAssetError) return { status: "error", message: error.message, ...typed };
    throw error;
  }
  revalidatePath("/dashboard/brand");
  return { status: "saved", name };
}

export async function deleteBrandAssetAction(formData: FormData): Promise<void> {
  const who = await signedInUserId();
  if ("error" in who) return;
  const kind = text(formData, "kind") as BrandKind;
  if (!KINDS.includes(kind)) return;
  await deleteBrandAsset(who.userId, kind, text(formData, "name"));
  revalidatePath("/dashboard/brand");
}
