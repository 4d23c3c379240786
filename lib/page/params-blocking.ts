/**
 * Cleaner pages (D19, issue #17 point 4): more of the maintained lists shipped offline (like
 * blockAds) and the caller's own URL patterns. Fields of the one screenshot schema, spread into
 * lib/screenshot/params.ts. The JSON answer says how many requests each blocker stopped.
 */
import { boolParam } from "@/lib/api/params";
import { stringListParam } from "@/lib/api/params-json";

/** What a blockRequests pattern may hold: URL characters and `*`, no spaces (commas separate patterns). */
const PATTERN = /^[\x21-\x2b\x2d-\x7e]+$/;

export const blockingParams = {
  blockTrackers: boolParam("blockTrackers", {
    default: false,
    plan: "starter",
    description:
      "Block analytics and tracking requests (AdGuard Tracking Protection filter, shipped with the service).",
  }),
  blockChats: boolParam("blockChats", {
    default: false,
    plan: "starter",
    description: "Block live-chat and support widgets (AdGuard Widgets filter) and hide the common chat launchers.",
  }),
  blockRequests: stringListParam("blockRequests", {
    maxItems: 50,
    maxItemLength: 256,
    plan: "starter",
    checkItem: (item) =>
      PATTERN.test(item) ? null : `${JSON.stringify(item.slice(0, 64))} must be URL characters and * only.`,
    description:
      "Block requests whose URL contains one of these patterns; `*` matches anything. Comma-separated (a JSON array in a POST body), e.g. `analytics.js,*/beacon?*`. Never blocks the page itself.",
    example: "/analytics.js,cdn.example.com/widgets/*",
  }),
};
