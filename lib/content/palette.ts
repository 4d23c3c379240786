/**
 * The colour palette of the rendered viewport (D24): the dominant colours of a screenshot of it,
 * quantized by Color Thief on pixels decoded by sharp, white included (a page's background is
 * one of its colours), each with its share of the image.
 */
import "server-only";
import { getPalette } from "colorthief";

export interface PaletteColor {
  hex: string;
  /** Share of the sampled pixels closest to this colour, 0–1. */
  share: number;
}

const PALETTE_SIZE = 6;

export async function paletteOf(png: Buffer): Promise<PaletteColor[]> {
  const colors = await getPalette(png, {
    colorCount: PALETTE_SIZE,
    quality: 10,
    colorSpace: "rgb",
    ignoreWhite: false,
  });
  return (colors ?? [])
    .map((color) => ({ hex: color.hex(), share: Math.round(color.proportion * 1000) / 1000 }))
    .sort((a, b) => b.share - a.share);
}
