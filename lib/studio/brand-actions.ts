"use server";
/**
 * Dashboard actions on the brand kit (D21, Brand kit): add or replace a font, image or colour, and
 * delete one. Written with `dashboardAction`, so each touches only the signed-in account's kit: the
 * account comes from the session, never from the form.
 */
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { dashboardAction, dashboardFormAction, file, refuseWithError, text } from "@/lib/auth/dashboard-action";
import type { BrandKind } from "@/lib/og/account/brand";
import { deleteBrandAsset, saveBrandColor, saveBrandFont, saveBrandImage } from "./brand-kit";
import { BrandAssetError } from "@/lib/studio/brand-upload";

/** A refusal carries what was typed (a form action resets fields to their defaults; these become them). */
export type BrandActionState =
  | { status: "idle" }
  | { status: "saved"; name: string }
  | { status: "error"; message: string; name?: string; value?: string };

const what = "your brand kit";
/** Who may run these (D28, lib/auth/roles.ts). */
const permission = "templates.write" as const;
const KINDS = ["font", "image", "color"] as const satisfies readonly BrandKind[];
const kind = text(z.string().trim().pipe(z.enum(KINDS, "Unknown kind of brand asset.")));

const assetInput = z.object({
  kind,
  name: text(z.string().trim()),
  value: text(z.string().trim()),
  file: file(),
});

export const saveBrandAssetAction = dashboardAction(
  { what, permission, audit: "brand.saved", input: assetInput, refused: refuseWithError },
  async ({ workspace, audit, input: { kind, name, value, file } }): Promise<BrandActionState> => {
    const typed = { name, value };
    try {
      if (kind === "color") await saveBrandColor(workspace.id, name, value);
      else {
        if (!file) return { status: "error", message: "Choose a file to upload.", ...typed };
        const bytes = Buffer.from(await file.arrayBuffer());
        if (kind === "font") await saveBrandFont(workspace.id, name, bytes);
        else await saveBrandImage(workspace.id, name, bytes);
      }
    } catch (error) {
      if (error instanceof BrandAssetError) return { status: "error", message: error.message, ...typed };
      throw error;
    }
    await audit("brand.saved", name, { kind });
    revalidatePath("/dashboard/brand");
    return { status: "saved", name };
  },
);

/** A refused delete does nothing: the list it was sent from shows the kit as it is. */
export const deleteBrandAssetAction = dashboardFormAction(
  {
    what,
    permission,
    audit: "brand.deleted",
    input: z.object({ kind, name: text(z.string().trim()) }),
    refused: () => undefined,
  },
  async ({ workspace, audit, input: { kind, name } }) => {
    if (await deleteBrandAsset(workspace.id, kind, name)) await audit("brand.deleted", name, { kind });
    revalidatePath("/dashboard/brand");
  },
);
