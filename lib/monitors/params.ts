/**
 * The one schema of a monitor (D27), for POST /v1/monitors and PATCH /v1/monitors/{id}: the page,
 * its schedule, when a change counts, where alerts go, and the capture options of a comparison
 * (lib/diff/capture-options.ts, /v1/screenshot's own fields). On PATCH only the fields given
 * change; `url` is required on POST only.
 */
import { z } from "zod";
import { boolParam, enumParam, numberParam, stringParam, urlParam } from "@/lib/api/params";
import { apiKeyParam } from "@/lib/api/common-params";
import { optionalIntParam } from "@/lib/api/params-optional";
import { captureOptionParams } from "@/lib/diff/capture-options";
import { comparisonParams } from "@/lib/diff/params";
import { webhookUrlParam } from "@/lib/jobs/params";
import { PRIVATE_TARGET_DETAIL, isEvidentlyPrivateTarget } from "@/lib/net/target";

/** A monitor's POST or PATCH body: capture options with room, like /v1/diff's. */
export const MONITOR_BODY_MAX_BYTES = 256 * 1024;

/** The longest interval: 30 days. */
const INTERVAL_MAX_SECONDS = 30 * 86_400;

const BASELINE_MODES = ["rolling", "fixed"] as const;

export const monitorParams = z.object({
  url: urlParam("url", {
    required: false,
    maxLength: 2048,
    description: "The page to watch (required when creating). Private and internal addresses are refused.",
    example: "https://example.com/pricing",
    refuse: (url) =>
      isEvidentlyPrivateTarget(url) ? { code: "private_address", message: PRIVATE_TARGET_DETAIL } : null,
  }),
  name: stringParam("name", { maxLength: 100, description: "A name for the dashboard.", example: "Pricing page" }),
  interval: optionalIntParam("interval", {
    min: 1,
    max: INTERVAL_MAX_SECONDS,
    description:
      "Seconds between runs, at least the plan's minimum (see Pricing). Give interval or cron; neither means once a day.",
    example: "3600",
  }),
  cron: stringParam("cron", {
    maxLength: 120,
    pattern: "minute hour day month weekday (UTC)",
    description:
      "A cron schedule instead of interval, in UTC (five fields, or six with seconds first); its runs must be at least the plan's minimum interval apart.",
    example: "0 9 * * 1-5",
  }),
  threshold: numberParam("threshold", {
    min: 0,
    max: 1,
    default: 0.001,
    description:
      "The share of changed pixels above which a run alerts (changedRatio > threshold): 0.001 is 0.1 % of the page; 0 alerts on any changed pixel.",
  }),
  pixelThreshold: numberParam("pixelThreshold", {
    min: 0,
    max: 1,
    default: 0.1,
    description:
      "Per-pixel colour tolerance, as /v1/diff's threshold: the colour distance at which pixels still count as equal.",
  }),
  ignoreAntialiasing: comparisonParams.ignoreAntialiasing,
  ignoreSelectors: comparisonParams.ignoreSelectors,
  webhookUrl: webhookUrlParam(
    "Called with a signed `monitor.changed` event (Standard Webhooks) when a run finds a change past threshold.",
  ),
  email: stringParam("email", {
    maxLength: 254,
    description:
      "Also e-mail each change alert to this address: your account's own sign-in address (alerts go only to an address the account has proved it holds).",
    example: "you@example.com",
  }),
  baseline: enumParam("baseline", {
    values: BASELINE_MODES,
    default: "rolling",
    description:
      "What a run compares with: `rolling` — the capture of the last run that alerted (or the first run), so each change alerts once; `fixed` — the first run's capture, always.",
  }),
  paused: boolParam("paused", {
    default: false,
    description: "A paused monitor keeps its history and baseline but does not run on its schedule.",
  }),
  ...captureOptionParams,
  api_key: apiKeyParam(),
});

export type MonitorParams = z.output<typeof monitorParams>;
