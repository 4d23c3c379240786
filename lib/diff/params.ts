/**
 * The one schema of /v1/diff (D27): the page (`url`), what it is compared with (`compareUrl`, or
 * `compareTo`: a stored result or a monitor's baseline), how pixels are compared, and the capture
 * options both captures share (capture-options.ts).
 */
import { z } from "zod";
import { boolParam, numberParam, stringParam, urlParam } from "@/lib/api/params";
import { apiKeyParam } from "@/lib/api/common-params";
import { PRIVATE_TARGET_DETAIL, isEvidentlyPrivateTarget } from "@/lib/net/target";
import { captureOptionParams } from "./capture-options";

/** customCSS and customJS at their limits, with room: the body of a comparison's POST. */
export const DIFF_BODY_MAX_BYTES = 256 * 1024;

const refusePrivate = (url: URL) =>
  isEvidentlyPrivateTarget(url) ? { code: "private_address" as const, message: PRIVATE_TARGET_DETAIL } : null;

/** The comparison's own fields, shared with monitors. */
export const comparisonParams = {
  threshold: numberParam("threshold", {
    min: 0,
    max: 1,
    default: 0.1,
    description:
      "Per-pixel colour tolerance, 0 to 1: the largest colour distance (pixelmatch's, in OKLab) at which two pixels still count as equal. 0 counts any difference.",
  }),
  ignoreAntialiasing: boolParam("ignoreAntialiasing", {
    default: true,
    description:
      "Leave out pixels that differ only by anti-aliasing (text and curve edges rendered slightly differently); false counts them as changed.",
  }),
  ignoreSelectors: stringParam("ignoreSelectors", {
    maxLength: 2_000,
    pattern: "selector, selector, …",
    description:
      "Regions to leave out of the comparison: the boxes of every element matching these CSS selectors (comma-separated), masked in both images — clocks, ads, carousels.",
    example: ".clock, #ad-slot",
  }),
};

export const diffParams = z.object({
  url: urlParam("url", {
    required: true,
    maxLength: 2048,
    description: "The page to capture now: the new image. Private and internal addresses are refused.",
    example: "https://example.com",
    refuse: refusePrivate,
  }),
  compareUrl: urlParam("compareUrl", {
    required: false,
    maxLength: 2048,
    description:
      "The page to compare with (the old image), captured with the same options. Give compareUrl or compareTo.",
    example: "https://staging.example.com",
    refuse: refusePrivate,
  }),
  compareTo: stringParam("compareTo", {
    maxLength: 2_048,
    pattern: "monitor id or result URL",
    description:
      "Compare with an image already stored instead: a monitor's id (mon_…) for its baseline, or the imageUrl of a stored result (/v1/files/…). Give compareUrl or compareTo.",
    example: "mon_0123456789abcdefghijklmn",
  }),
  ...comparisonParams,
  ...captureOptionParams,
  api_key: apiKeyParam(),
});

export type DiffParams = z.output<typeof diffParams>;
