/**
 * An account's brand kit (D21, Brand kit): named fonts, images and colours that its templates use
 * as `brand:<name>`. The only code that touches brand_assets; every function takes the account's
 * user id, so another account's kit is never found. Bytes live in the database with the rest of
 * the account's data and are read from there (and an in-process cache) at render time — never
 * fetched from the network.
 */
import "server-only";
import { createHash } from "node:crypto";
import { ApiError } from "@/lib/api/errors";
import { css, parseColor, toHex } from "@/lib/og/colors";
import type { OgFont } from "@/lib/og/fonts";
import { BRAND_LIMITS, BrandAssetError, checkFont, toBrandPng } from "@/lib/og/studio/brand-upload";
import type { BrandNames } from "@/lib/og/studio/css";
import type { ResolvedBrand } from "@/lib/og/studio/element";
import { getDb } from "@/lib/db";

export type BrandKind = "font" | "image" | "color";
export const BRAND_NAME = /^[a-z][a-z0-9-]{0,31}$/;

export interface BrandAssetSummary {
  kind: BrandKind;
  name: string;
  /** Colours: #rrggbb(aa). */
  color: string | null;
  size: number;
  createdAt: Date;
}

/** The brand kit a render uses: names resolved, fonts to hand the engine, and a cache-key fingerprint. */
export interface LoadedBrand {
  resolved: ResolvedBrand;
  fonts: OgFont[];
  /** Changes whenever a used asset changes: part of the result cache key. */
  fingerprint: string;
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

/** Adds or replaces a font after checking it parses. */
export async function saveBrandFont(userId: string, name: string, bytes: Buffer): Promise<void> {
  checkName(name);
  await put(userId, "font", name, { bytes, contentType: await checkFont(bytes) });
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

// Assets by content hash, as a render uses them (a font's bytes, an image's data URL): a busy
// template neither reads them from the database nor base64-encodes an image on every request
// (this runs before the result cache is asked, so on HITs too).
const ASSET_CACHE_MAX = 64 * 1024 * 1024;
const assetCache = new Map<string, Buffer | string>();
let cachedSize = 0;

function remember(key: string, asset: Buffer | string): void {
  if (cachedSize + asset.length > ASSET_CACHE_MAX) {
    assetCache.clear();
    cachedSize = 0;
  }
  assetCache.set(key, asset);
  cachedSize += asset.length;
}

/**
 * The assets a template uses, for one render. A name the kit no longer has (deleted after the
 * template was saved) is the caller's 400, naming the template to fix.
 */
export async function loadBrand(
  userId: string,
  template: string,
  refs: { fonts: string[]; images: string[]; colors: string[] },
): Promise<LoadedBrand> {
  const wanted: Array<[BrandKind, string]> = [
    ...refs.fonts.map((n) => ["font", n] as [BrandKind, string]),
    ...refs.images.map((n) => ["image", n] as [BrandKind, string]),
    ...refs.colors.map((n) => ["color", n] as [BrandKind, string]),
  ];
  if (wanted.length === 0) return { resolved: { colors: {}, fonts: {}, images: {} }, fonts: [], fingerprint: "" };
  const db = await getDb();
  const rows = await db.brandAsset.findMany({
    where: { userId, OR: wanted.map(([kind, name]) => ({ kind, name })) },
    select: { id: true, kind: true, name: true, color: true, sha256: true },
  });
  const colors: Record<string, string> = {};
  const fontNames: Record<string, string> = {};
  const images: Record<string, string> = {};
  const fonts: OgFont[] = [];
  for (const [kind, name] of wanted) {
    const row = rows.find((r) => r.kind === kind && r.name === name);
    if (!row)
      throw new ApiError(
        "template_not_found",
        `The template "${template}" uses the brand-kit ${kind} "${name}", which your brand kit no longer has. Add it again on the Brand kit page, or edit the template.`,
        { param: "template" },
      );
    if (kind === "color") {
      const color = parseColor(row.color ?? "");
      if (color) colors[name] = css(color);
      continue;
    }
    const cacheKey = `${kind}:${row.sha256}`;
    let asset = assetCache.get(cacheKey);
    if (asset === undefined) {
      const full = await db.brandAsset.findUnique({ where: { id: row.id }, select: { data: true } });
      const bytes = Buffer.from(full?.data ?? new Uint8Array());
      asset = kind === "image" ? `data:image/png;base64,${bytes.toString("base64")}` : bytes;
      remember(cacheKey, asset);
    }
    if (typeof asset === "string") images[name] = asset;
    else {
      // A family name of its own per file: satori and Chromium pick it only where a template asks.
      const family = `Glance Brand ${row.sha256.slice(0, 16)}`;
      fontNames[name] = family;
      fonts.push({ name: family, data: asset, weight: 400, style: "normal" });
    }
  }
  const fingerprint = rows
    .map((r) => `${r.kind}:${r.name}:${r.sha256}`)
    .sort()
    .join(",");
  return { resolved: { colors, fonts: fontNames, images }, fonts, fingerprint };
}
