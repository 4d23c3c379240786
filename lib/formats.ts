/**
 * The output formats (D31): one entry per kind of file Glance renders, stores and serves at
 * /v1/files/{key}.{ext}. The key is both the `format=` value and the file's extension. The
 * endpoints' `format` parameters (formatParam in lib/api/format-param.ts), the files route, the
 * cache key (quality only where it changes the bytes, D6), the OpenAPI document and the docs all
 * read this table. How an endpoint encodes a format is the endpoint's own business, in an
 * exhaustive map keyed by `FormatOf<endpoint>` (lib/screenshot/encode.ts, lib/og/encode.ts): a
 * format added here for an endpoint fails to compile until that endpoint can encode it.
 *
 * Client-safe: plain data, read by the docs and the playground too.
 */
import type { RenderEndpointId } from "@/lib/endpoints";
import type { PlanId } from "@/lib/plans";

interface FormatSpec {
  /** The media type of the file and of the render's answer. */
  mime: string;
  /** Its name in prose ("PNG, JPEG, WebP or PDF"). */
  label: string;
  /** Other spellings `format=` accepts, lower case. */
  aliases?: readonly string[];
  /** `quality` changes the bytes; otherwise it is ignored and left out of the cache key (D6). */
  lossy: boolean;
  /** Keeps transparency, so omitBackground (D19) has a meaning. */
  alpha: boolean;
  /** The largest width or height the encoder can write, in device pixels, when it has one. */
  maxDimension?: number;
  /** The render endpoints that offer it; its place here is its place in their `format` lists. */
  endpoints: readonly RenderEndpointId[];
  /** The lowest plan that may ask for it (D3); absent: every plan. */
  plan?: PlanId;
}

export const OUTPUT_FORMATS = {
  png: { mime: "image/png", label: "PNG", lossy: false, alpha: true, endpoints: ["screenshot", "og"] },
  jpg: {
    mime: "image/jpeg",
    label: "JPEG",
    aliases: ["jpeg"],
    lossy: true,
    alpha: false,
    endpoints: ["screenshot", "og"],
    // JPEG's own limit (16-bit sizes): a stitched full page stops there (D36).
    maxDimension: 65_535,
  },
  // libwebp's limit (D19: a clip or full page beyond it is refused, or capped).
  webp: {
    mime: "image/webp",
    label: "WebP",
    lossy: true,
    alpha: true,
    maxDimension: 16_383,
    endpoints: ["screenshot", "og"],
  },
  pdf: { mime: "application/pdf", label: "PDF", lossy: false, alpha: false, endpoints: ["screenshot"] },
  // A page as data (D24): the document GET /v1/content stores, one field per asked format.
  json: { mime: "application/json; charset=utf-8", label: "JSON", lossy: false, alpha: false, endpoints: ["content"] },
  // Recordings (D26): quality is the encoder's constant quality, or the gif palette's size.
  mp4: { mime: "video/mp4", label: "MP4 (H.264)", lossy: true, alpha: false, endpoints: ["animate"] },
  webm: { mime: "video/webm", label: "WebM (VP9)", lossy: true, alpha: false, endpoints: ["animate"] },
  gif: { mime: "image/gif", label: "GIF", lossy: true, alpha: false, endpoints: ["animate"] },
} as const satisfies Record<string, FormatSpec>;

export type OutputFormat = keyof typeof OUTPUT_FORMATS;

/** The formats one endpoint offers, as a type: `FormatOf<"og">` is "png" | "jpg" | "webp". */
export type FormatOf<E extends RenderEndpointId> = {
  [F in OutputFormat]: E extends (typeof OUTPUT_FORMATS)[F]["endpoints"][number] ? F : never;
}[OutputFormat];

const ALL_FORMATS = Object.keys(OUTPUT_FORMATS) as OutputFormat[];

/** What code that does not know the literal entry reads (a format's optional facts). */
export function formatSpec(format: OutputFormat): FormatSpec {
  return OUTPUT_FORMATS[format];
}

export function isOutputFormat(value: unknown): value is OutputFormat {
  return typeof value === "string" && Object.hasOwn(OUTPUT_FORMATS, value);
}

/** The formats `endpoint` offers, in the table's order. */
export function formatsOf<E extends RenderEndpointId>(endpoint: E): readonly [FormatOf<E>, ...FormatOf<E>[]] {
  const formats = ALL_FORMATS.filter((f) => formatSpec(f).endpoints.includes(endpoint));
  if (formats.length === 0) throw new Error(`no output format lists the endpoint ${endpoint}`);
  return formats as unknown as readonly [FormatOf<E>, ...FormatOf<E>[]];
}

/** Every format some endpoint offers: the extensions the files route serves. */
export const FILE_FORMATS: readonly OutputFormat[] = ALL_FORMATS;

/** "PNG, JPEG, WebP or PDF": the formats of `endpoint` (or every format) for prose. */
export function formatLabels(endpoint?: RenderEndpointId, conjunction = "or"): string {
  const labels = (endpoint ? formatsOf(endpoint) : FILE_FORMATS).map((f) => OUTPUT_FORMATS[f].label);
  return labels.length === 1 ? labels[0] : `${labels.slice(0, -1).join(", ")} ${conjunction} ${labels.at(-1)}`;
}

/** "png or webp": the formats of `endpoint` that keep transparency. */
export function alphaFormats(endpoint: RenderEndpointId): string {
  const names = formatsOf(endpoint).filter((f) => formatSpec(f).alpha);
  return names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;
}
