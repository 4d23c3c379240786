/**
 * An account's brand kit in the studio (D21, Brand kit): named fonts, images and colours that its
 * templates use as `brand:<name>` — add or replace (checked by brand-upload.ts), delete, list,
 * thumbnails. Every function takes the account's user id, so another account's kit is never
 * found. A render reads the kit through lib/og/account/brand.ts.
 */
import "server-only";
import { createHash } from "node:crypto";
import { getDb } from "@/lib/db";
import type { BrandKind } from "@/lib/og/account/brand";
import type { BrandNames } from "@/lib/og/account/brand-refs";
import { parseColor, toHex } from "@/lib/og/colors";
import { BRAND_LIMITS, BrandAssetError, checkFont, toBrandPng } from "./brand-upload";

export const BRAND_NAME = /^[a-z][a-z0-9-]{0,31}$/;

export interface BrandAssetSummary {
  kind: BrandKind;
  name: string;
  /** Colours: #rrggbb(aa). */
  color: string | null;
  size: number;
  createdAt: Date;
}

function checkName(name: string): void {
  if (!BRAND_NAME.test(name))
    throw new BrandAssetError(
      "A brand-kit name is 1–32 lowercase letters, digits and hyphens, starting with a letter.",
    );
}

const LIMIT_OF: Record<BrandKind, number> = {
  font: BRAND_LIMITS.fonts,
  image: BRAND_LIMITS.images,
  color: BRAND_LIMITS.colors,
};

async function put(
  userId: string,
  kind: BrandKind,
  name: string,
  data: { bytes?: Buffer; contentType?: string; color?: string },
): Promise<void> {
  checkName(name);
  const db = await getDb();
  const existing = await db.brandAsset.findUnique({
    where: { userId_kind_name: { userId, kind, name } },
    select: { id: true },
  });
  if (!existing && (await db.brandAsset.count({ where: { userId, kind } })) >= LIMIT_OF[kind]) {
    throw new BrandAssetError(`A brand kit holds at most ${LIMIT_OF[kind]} ${kind}s; delete one first.`);
  }
  const sha256 = createHash("sha256")
    .update(data.bytes ?? data.color ?? "")
    .digest("hex");
  const fields = {
    color: data.color ?? null,
    data: data.bytes ? new Uint8Array(data.bytes) : null,
    contentType: data.contentType ?? null,
    size: data.bytes?.length ?? 0,
    sha256,
  };
  await db.brandAsset.upsert({
    where: { userId_kind_name: { userId, kind, name } },
    create: { userId, kind, name, ...fields },
    update: fields,
  });
}

/** Adds or replaces a font after checking it parses; a WOFF or WOFF2 is stored unpacked (D33). */
export async function saveBrandFont(userId: string, name: string, upload: Buffer): Promise<void> {
  checkName(name);
  const { bytes, contentType } = await checkFont(upload);
  await put(userId, "font", name, { bytes, contentType });
}

/** Adds or replaces an image (PNG, JPEG or SVG), stored as the PNG sharp re-encoded. */
export async function saveBrandImage(userId: string, name: string, bytes: Buffer): Promise<void> {
  checkName(name);
  await put(userId, "image", name, { bytes: await toBrandPng(bytes), contentType: "image/png" });
}

/** Adds or replaces a named colour (any colour syntax /v1/og accepts, stored as hex). */
export async function saveBrandColor(userId: string, name: string, value: string): Promise<void> {
  const color = parseColor(value.trim());
  if (!color) throw new BrandAssetError(`"${value.slice(0, 40)}" is not a colour: use #rgb, #rrggbb, rgb() or hsl().`);
  await put(userId, "color", name, { color: toHex(color) });
}

export async function deleteBrandAsset(userId: string, kind: BrandKind, name: string): Promise<boolean> {
  const db = await getDb();
  const { count } = await db.brandAsset.deleteMany({ where: { userId, kind, name } });
  return count > 0;
}

export async function listBrandAssets(userId: string): Promise<BrandAssetSummary[]> {
  const db = await getDb();
  const rows = await db.brandAsset.findMany({
    where: { userId },
    orderBy: [{ kind: "asc" }, { name: "asc" }],
    select: { kind: true, name: true, color: true, size: true, createdAt: true },
  });
  return rows.map((row) => ({ ...row, kind: row.kind as BrandKind }));
}

/** The names in the account's kit, for checking a template on save. */
export async function brandNames(userId: string): Promise<BrandNames> {
  const rows = await listBrandAssets(userId);
  const of = (kind: BrandKind) => new Set(rows.filter((r) => r.kind === kind).map((r) => r.name));
  return { fonts: of("font"), images: of("image"), colors: of("color") };
}

/** The stored PNG of one image, for the dashboard's thumbnail; null when the account has none by that name. */
export async function brandImageBytes(userId: string, name: string): Promise<Buffer | null> {
  const db = await getDb();
  const row = await db.brandAsset.findUnique({
    where: { userId_kind_name: { userId, kind: "image", name } },
    select: { data: true },
  });
  return row?.data ? Buffer.from(row.data) : null;
}

/** Small PNG previews of the account's images for the Brand kit page, as data URIs by name. */
export async function brandImageThumbnails(userId: string): Promise<Record<string, string>> {
  const db = await getDb();
  const rows = await db.brandAsset.findMany({ where: { userId, kind: "image" }, select: { name: true, data: true } });
  const { default: sharp } = await import("sharp");
  const entries = await Promise.all(
    rows.map(async (row) => {
      const png = await sharp(Buffer.from(row.data ?? new Uint8Array()))
        .resize(96, 96, { fit: "inside" })
        .png()
        .toBuffer();
      return [row.name, `data:image/png;base64,${png.toString("base64")}`] as const;
    }),
  );
  return Object.fromEntries(entries);
}
