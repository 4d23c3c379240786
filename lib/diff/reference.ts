/**
 * What a comparison compares with (D27): a page captured now with the same options (`compareUrl`),
 * or an image already stored (`compareTo`) — a monitor's baseline (`mon_…`, the caller's own only:
 * another account's id answers 404 like an unknown one) or a stored result named by its files URL
 * (its 256-bit key is the capability, D7, as it is for /v1/files itself).
 */
import "server-only";
import { ApiError } from "@/lib/vocabulary/errors";
import { env } from "@/lib/env";
import { formatsOf, OUTPUT_FORMATS } from "@/lib/formats";
import { fileUrl } from "@/lib/results";
import { getResultStore } from "@/lib/results/store";
import { findBaseline, publishBaseline } from "./baselines";
import type { ComparisonCapture } from "./capture-options";
import { type ComparedImage, ignoredRegionsOf } from "./outcome";
import { cacheTtlSeconds, type PlanId } from "@/lib/plans";
import type { ImageFormat } from "@/lib/screenshot/encode";

const MONITOR_ID = /^mon_[a-z0-9]{24}$/;

/** The stored images a comparison reads: the screenshot's image formats, from the format registry (D31). */
const COMPARABLE = formatsOf("screenshot").filter((format): format is ImageFormat =>
  OUTPUT_FORMATS[format].mime.startsWith("image/"),
);
const RESULT_FILE = new RegExp(`^([0-9a-f]{64})\\.(${COMPARABLE.join("|")})$`);

export type Reference =
  | { kind: "capture"; capture: ComparisonCapture }
  | { kind: "monitor"; id: string }
  | { kind: "result"; key: string; ext: ImageFormat };

/** compareTo as a reference, or the 400 naming it. */
export function parseCompareTo(value: string): Reference {
  if (MONITOR_ID.test(value)) return { kind: "monitor", id: value };
  let name = value;
  const prefix = `${env().APP_URL}/v1/files/`;
  if (value.startsWith(prefix)) name = value.slice(prefix.length);
  const match = RESULT_FILE.exec(name);
  if (match) return { kind: "result", key: match[1], ext: match[2] as ImageFormat };
  throw new ApiError(
    "invalid_parameter",
    `compareTo must be a monitor's id (mon_ and 24 letters or digits) or the imageUrl of a stored image (${prefix}<key>.png).`,
    { param: "compareTo" },
  );
}

/** An image already stored, ready to compare, and how the answer describes it. */
export interface StoredImage extends ComparedImage {
  answer: Record<string, unknown>;
}

export async function loadStoredImage(
  reference: Exclude<Reference, { kind: "capture" }>,
  owner: { id: string; plan: PlanId },
): Promise<StoredImage> {
  if (reference.kind === "result") {
    const stored = await getResultStore().get(reference.key);
    if (!stored || stored.ext !== reference.ext)
      throw new ApiError("result_not_found", "compareTo names a stored result that does not exist (any more).", {
        param: "compareTo",
      });
    return {
      bytes: stored.bytes,
      ignore: ignoredRegionsOf(stored.metadata.details),
      identity: stored.etag,
      answer: {
        imageUrl: fileUrl(reference.key, reference.ext),
        width: stored.metadata.width,
        height: stored.metadata.height,
      },
    };
  }
  const found = await findBaseline(reference.id, owner.id);
  if (!found) throw new ApiError("monitor_not_found", "No monitor with this id belongs to this account.");
  const { baseline } = found;
  if (!baseline)
    throw new ApiError("result_not_found", "The monitor has no baseline yet: its first run has not succeeded.", {
      param: "compareTo",
    });
  return {
    bytes: baseline.image,
    ignore: baseline.ignoredRegions ?? undefined,
    identity: `${baseline.monitorId}:${baseline.runId}`,
    answer: {
      imageUrl: await publishBaseline(baseline, owner.id, cacheTtlSeconds(owner.plan) * 1000),
      width: baseline.width,
      height: baseline.height,
      capturedAt: baseline.capturedAt.getTime(),
      runId: baseline.runId,
    },
  };
}
