/**
 * An account's brand kit as /v1/og renders with it (D21, Brand kit): the fonts, images and colours
 * one template names, read from brand_assets for the caller's account only, with an in-process
 * cache of the bytes by content hash. Bytes live in the database with the rest of the account's
 * data — never fetched from the network. The studio (lib/studio/brand-kit.ts) adds and deletes them.
 */
import "server-only";
import { ApiError } from "@/lib/vocabulary/errors";
import { getDb } from "@/lib/db";
import { css, parseColor } from "@/lib/og/colors";
import type { OgFont } from "@/lib/og/fonts";
import type { ResolvedBrand } from "./element";

export type BrandKind = "font" | "image" | "color";

/** The brand kit a render uses: names resolved, fonts to hand the engine, and a cache-key fingerprint. */
export interface LoadedBrand {
  resolved: ResolvedBrand;
  fonts: OgFont[];
  /** Changes whenever a used asset changes: part of the result cache key. */
  fingerprint: string;
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
