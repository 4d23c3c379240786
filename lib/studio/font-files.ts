/**
 * Web font uploads unpacked to the TrueType/OpenType file they wrap (D33 point 9): what the brand
 * kit stores and the renderer reads is always a plain sfnt, so variable fonts can be instanced
 * (lib/og/brand-fonts.ts) and neither engine has to unpack anything per render.
 *
 * Both formats declare how big the unpacked font is, and a small file can claim to unpack to a
 * huge one (a decompression bomb). The declared sizes are checked against the limit before
 * anything is unpacked, and the unpacking itself cannot write more than was declared: WOFF tables
 * are inflated with zlib's maxOutputLength, and the WOFF2 decoder (Google's, as WebAssembly in
 * wawoff2) fills buffers of exactly the declared sizes or fails.
 */
import "server-only";
import { inflateSync } from "node:zlib";
import * as fontkit from "fontkit";
import { decompress as woff2ToSfnt } from "wawoff2";
import { BrandedError } from "@/lib/vocabulary/branded-error";

/** What a font file's first four bytes say it is. */
export type FontContainer = "woff2" | "woff" | "otf" | "ttf";

export function containerOf(bytes: Buffer): FontContainer | null {
  const magic = bytes.subarray(0, 4).toString("latin1");
  if (magic === "wOF2") return "woff2";
  if (magic === "wOFF") return "woff";
  if (magic === "OTTO") return "otf";
  if (magic === "\u0000\u0001\u0000\u0000" || magic === "true") return "ttf";
  return null;
}

/** Why a web font was not unpacked: damaged, or (with `declaredBytes`) too large once unpacked. */
export class FontUnpackError extends BrandedError {
  static readonly brand: string = "glance.FontUnpackError";
  constructor(readonly declaredBytes?: number) {
    super(declaredBytes === undefined ? "damaged web font" : `declares ${declaredBytes} bytes unpacked`);
    this.name = "FontUnpackError";
  }
}

const pad4 = (n: number) => (n + 3) & ~3;

/** The sfnt inside a WOFF or WOFF2 file, refusing one that declares more than `maxBytes`. */
export async function unpackWebFont(bytes: Buffer, container: "woff" | "woff2", maxBytes: number): Promise<Buffer> {
  return container === "woff" ? unpackWoff(bytes, maxBytes) : await unpackWoff2(bytes, maxBytes);
}

interface Woff2Directory {
  totalSfntSize: number;
  tables: Record<string, { length: number; transformLength?: number }>;
}

async function unpackWoff2(bytes: Buffer, maxBytes: number): Promise<Buffer> {
  let directory: Woff2Directory;
  try {
    // fontkit reads the header and table directory only; the tables stay compressed.
    directory = (fontkit.create(bytes) as { directory: Woff2Directory }).directory;
  } catch {
    throw new FontUnpackError();
  }
  // The decoder sizes its output by totalSfntSize and its Brotli buffer by the tables' stored
  // (possibly transformed) lengths: both must be within the limit before it allocates anything.
  const stored = Object.values(directory.tables).reduce((sum, t) => sum + pad4(t.transformLength ?? t.length), 0);
  const declared = Math.max(directory.totalSfntSize, stored);
  if (declared > maxBytes) throw new FontUnpackError(declared);
  let sfnt: Uint8Array;
  try {
    sfnt = await woff2ToSfnt(bytes);
  } catch {
    throw new FontUnpackError();
  }
  if (sfnt.length > maxBytes) throw new FontUnpackError(sfnt.length);
  return Buffer.from(sfnt);
}

/** WOFF 1.0: a header, a table directory and zlib-compressed tables (W3C WOFF, section 4–5). */
function unpackWoff(woff: Buffer, maxBytes: number): Buffer {
  const HEADER = 44;
  const ENTRY = 20;
  if (woff.length < HEADER) throw new FontUnpackError();
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  if (numTables === 0 || HEADER + numTables * ENTRY > woff.length) throw new FontUnpackError();
  const entries = Array.from({ length: numTables }, (_, i) => {
    const at = HEADER + i * ENTRY;
    return {
      tag: woff.subarray(at, at + 4),
      offset: woff.readUInt32BE(at + 4),
      compLength: woff.readUInt32BE(at + 8),
      origLength: woff.readUInt32BE(at + 12),
      checksum: woff.readUInt32BE(at + 16),
    };
  });
  const directorySize = 12 + 16 * numTables;
  const declared = Math.max(
    woff.readUInt32BE(16),
    directorySize + entries.reduce((sum, e) => sum + pad4(e.origLength), 0),
  );
  if (declared > maxBytes) throw new FontUnpackError(declared);

  const tables = entries.map((e) => {
    if (e.offset + e.compLength > woff.length) throw new FontUnpackError();
    const stored = woff.subarray(e.offset, e.offset + e.compLength);
    if (e.compLength > e.origLength) throw new FontUnpackError();
    if (e.compLength === e.origLength) return stored;
    let data: Buffer;
    try {
      data = inflateSync(stored, { maxOutputLength: e.origLength });
    } catch {
      throw new FontUnpackError();
    }
    if (data.length !== e.origLength) throw new FontUnpackError();
    return data;
  });

  // The sfnt header's binary-search fields, from the table count (OpenType, Table Directory).
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  const out = Buffer.alloc(declared);
  out.writeUInt32BE(flavor, 0);
  out.writeUInt16BE(numTables, 4);
  out.writeUInt16BE(searchRange, 6);
  out.writeUInt16BE(entrySelector, 8);
  out.writeUInt16BE(numTables * 16 - searchRange, 10);
  let offset = directorySize;
  entries.forEach((e, i) => {
    const at = 12 + i * 16;
    e.tag.copy(out, at);
    out.writeUInt32BE(e.checksum, at + 4);
    out.writeUInt32BE(offset, at + 8);
    out.writeUInt32BE(e.origLength, at + 12);
    tables[i].copy(out, offset);
    offset += pad4(e.origLength);
  });
  return out.subarray(0, offset);
}
