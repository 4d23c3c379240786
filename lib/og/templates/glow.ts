/**
 * The soft accent glow behind every card, as a small PNG that the rasterizer scales to the canvas.
 *
 * Why not a CSS radial-gradient: satori turns it into an SVG pattern with a radial gradient, and
 * librsvg (sharp) takes seconds to fill that on a 4096×2160 canvas. A glow is smooth by nature, so
 * a thumbnail-sized bitmap scaled up looks the same and costs almost nothing. Built synchronously
 * (zlib + a hand-rolled PNG container) so templates stay plain functions, and cached per colour,
 * corner and aspect ratio.
 */
import { deflateSync } from "node:zlib";
import type { Rgba } from "@/lib/og/colors";

export type GlowCorner = "top-right" | "bottom-right";

const cache = new Map<string, string>();

/** A data: URI of a PNG `w`×`h` (low resolution, canvas aspect) with a radial glow of `color`. */
export function glowImage(color: Rgba, opacity: number, corner: GlowCorner, aspect: number): string {
  const w = 160;
  const h = Math.max(4, Math.min(640, Math.round(w / aspect)));
  const key = `${color.r},${color.g},${color.b},${opacity.toFixed(3)},${corner},${h}`;
  const hit = cache.get(key);
  if (hit) return hit;

  // Radius in canvas proportions: 62% of the diagonal, as the design's radial-gradient had.
  const cx = w;
  const cy = corner === "top-right" ? 0 : h;
  const radius = 0.62 * Math.hypot(w, h);
  const rows = Buffer.alloc((w * 4 + 1) * h);
  for (let y = 0; y < h; y++) {
    const row = y * (w * 4 + 1);
    rows[row] = 0; // filter: none
    for (let x = 0; x < w; x++) {
      const d = Math.min(1, Math.hypot(x + 0.5 - cx, y + 0.5 - cy) / radius);
      const falloff = (1 - d) * (1 - d); // eases out like a light source
      const i = row + 1 + x * 4;
      rows[i] = color.r;
      rows[i + 1] = color.g;
      rows[i + 2] = color.b;
      rows[i + 3] = Math.round(255 * opacity * color.a * falloff);
    }
  }
  const uri = `data:image/png;base64,${png(w, h, rows).toString("base64")}`;
  if (cache.size > 2000) cache.clear();
  cache.set(key, uri);
  return uri;
}

function png(width: number, height: number, filteredRows: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(filteredRows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "ascii");
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
