/**
 * The parts of the font packages Glance uses (D33 point 9); none of them ships types.
 * subset-font: HarfBuzz's subsetter and instancer; wawoff2: Google's WOFF2 codec; fontkit: a
 * font reader (the WOFF2 table directory and variation axes, without unpacking).
 */
declare module "subset-font" {
  interface SubsetOptions {
    targetFormat?: "truetype" | "sfnt" | "woff" | "woff2";
    keepAllGlyphs?: boolean;
    /** A number pins the axis; a range narrows it. */
    variationAxes?: Record<string, number | { min: number; max: number; default?: number }>;
  }
  export default function subsetFont(font: Buffer, text: string | null, options?: SubsetOptions): Promise<Buffer>;
}

declare module "wawoff2" {
  export function compress(sfnt: Uint8Array): Promise<Uint8Array>;
  export function decompress(woff2: Uint8Array): Promise<Uint8Array>;
}

declare module "fontkit" {
  /** A parsed font (or a collection); read lazily, so fields are looked at where they are used. */
  export function create(data: Buffer): unknown;
}
