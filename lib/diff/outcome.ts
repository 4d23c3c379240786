/**
 * One comparison from start to answer (D27), the same for /v1/diff and a monitor's run: the two
 * images compared (compare.ts), the diff image stored like a render (D7) under a key of what it is
 * made of — or, for a monitor's run, kept as a file of its own for as long as the run (`keepMs`,
 * lib/results/kept.ts) — and the figures an answer reports.
 */
import "server-only";
import type { PlanId } from "@/lib/plans";
import { pngFile, storeDerivedImage, storeKept } from "@/lib/results";
import type { Region } from "@/lib/screenshot/regions";
import type { Box } from "./boxes";
import { compareImages, type CompareOptions } from "./compare";

export interface ComparedImage {
  bytes: Buffer;
  ignore?: Region[];
  /** What identifies these bytes (an ETag, a baseline's run): part of the diff image's key. */
  identity: string;
}

export interface DiffOutcome {
  changedRatio: number;
  changedPixels: number;
  boxes: Box[];
  /** The compared area (and the diff image) in pixels. */
  width: number;
  height: number;
  diffImageUrl: string;
}

export async function compareAndStore(
  owner: { id: string; plan: PlanId },
  after: ComparedImage,
  before: ComparedImage,
  options: CompareOptions,
  keepMs?: number,
): Promise<DiffOutcome> {
  const comparison = await compareImages(
    { bytes: after.bytes, ignore: after.ignore },
    { bytes: before.bytes, ignore: before.ignore },
    options,
  );
  const { url } =
    keepMs !== undefined
      ? await storeKept(pngFile(comparison.diffPng, comparison.width, comparison.height), keepMs)
      : await storeDerivedImage({
          accountId: owner.id,
          plan: owner.plan,
          endpoint: "diff",
          keyParams: { after: after.identity, before: before.identity, ...options },
          png: comparison.diffPng,
          width: comparison.width,
          height: comparison.height,
        });
  return {
    changedRatio: comparison.changedRatio,
    changedPixels: comparison.changedPixels,
    boxes: comparison.boxes,
    width: comparison.width,
    height: comparison.height,
    diffImageUrl: url,
  };
}

/** The regions a stored capture reports (D27), if any. */
export function ignoredRegionsOf(details: unknown): Region[] | undefined {
  const regions = (details as { ignoredRegions?: unknown } | undefined)?.ignoredRegions;
  return Array.isArray(regions) ? (regions as Region[]) : undefined;
}
