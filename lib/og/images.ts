/**
 * image_url variables (e.g. blog-post's avatar): fetched by the service itself through the
 * target-safety policy (lib/net safeFetch: public addresses only, pinned connections, redirect
 * limit, timeout, byte cap), then decoded and re-encoded by sharp into a small PNG that is inlined
 * into the card as a data URI. Re-encoding means the renderer only ever sees a bitmap we made:
 * no SVG with external references, no decoder quirks, no huge dimensions.
 *
 * Anything that goes wrong is the caller's 400 invalid_variable naming the variable (D11).
 */
import "server-only";
import sharp from "sharp";
import { ApiError } from "@/lib/vocabulary/errors";
import { safeFetch, SafeFetchError, type SafeFetchFailure } from "@/lib/net/fetch";

export const IMAGE_FETCH = {
  timeoutMs: 5_000,
  maxBytes: 5 * 1024 * 1024,
  /** Decoded pixel cap: a 5 MB file can still claim 50,000² pixels (decompression bomb). */
  maxPixels: 40_000_000,
  /** Side of the square bitmap inlined into the card: enough for a 4096 px canvas's avatar. */
  side: 384,
} as const;

const FORMATS = new Set(["jpeg", "png", "webp", "gif", "heif"]);

const REASONS: Record<SafeFetchFailure, string> = {
  unsupported_url: "must be an https:// URL",
  private_address: "points to a private or otherwise non-public address",
  target_unreachable: "could not be reached",
  http_status: "could not be loaded",
  too_large: `is larger than ${IMAGE_FETCH.maxBytes / 1024 / 1024} MB`,
  timeout: `did not load within ${IMAGE_FETCH.timeoutMs / 1000} seconds`,
  too_many_redirects: "redirects too many times",
  unexpected_content_type: "is not an image",
};

/** Fetches and inlines every image variable; resolves to data URIs by variable name. */
export async function loadImages(
  images: Readonly<Record<string, string>>,
  signal?: AbortSignal,
): Promise<Record<string, string>> {
  const entries = await Promise.all(
    Object.entries(images).map(async ([name, url]) => [name, await loadImage(name, url, signal)] as const),
  );
  return Object.fromEntries(entries);
}

export async function loadImage(name: string, url: string, signal?: AbortSignal): Promise<string> {
  let fetched;
  try {
    fetched = await abortable(
      safeFetch(url, {
        timeoutMs: IMAGE_FETCH.timeoutMs,
        maxBytes: IMAGE_FETCH.maxBytes,
        accept: ["image/"],
        httpsOnly: true,
      }),
      signal,
    );
  } catch (error) {
    if (error instanceof SafeFetchError) {
      const status =
        error.reason === "http_status" ? ` (${error.message.replace(/^The server answered (\d+)\.$/, "HTTP $1")})` : "";
      throw invalid(name, `${name} ${REASONS[error.reason]}${status}.`);
    }
    throw error;
  }
  if (fetched.contentType === "image/svg+xml")
    throw invalid(name, `${name} must be a PNG, JPEG, WebP, GIF or AVIF image, not SVG.`);
  return `data:image/png;base64,${(await toSquarePng(name, fetched.bytes)).toString("base64")}`;
}

/** Decodes (first frame only), crops to a centred square and re-encodes as PNG. */
async function toSquarePng(name: string, bytes: Buffer): Promise<Buffer> {
  try {
    const image = sharp(bytes, { limitInputPixels: IMAGE_FETCH.maxPixels, animated: false, failOn: "error" });
    const meta = await image.metadata();
    if (!meta.format || !FORMATS.has(meta.format)) throw new Error(`unsupported format ${meta.format}`);
    return await image
      .rotate() // honour EXIF orientation, as browsers do
      .resize(IMAGE_FETCH.side, IMAGE_FETCH.side, { fit: "cover", position: "centre" })
      .png({ compressionLevel: 3 })
      .toBuffer();
  } catch {
    throw invalid(name, `${name} is not a PNG, JPEG, WebP, GIF or AVIF image that can be read.`);
  }
}

/** safeFetch has its own timeout; the render's abort signal (15 s deadline) must win too. */
function abortable<T>(work: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return work;
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason ?? new Error("aborted"));
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

function invalid(name: string, detail: string): ApiError {
  return new ApiError("invalid_variable", detail, { param: name });
}
