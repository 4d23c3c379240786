/**
 * The landing page's no-signup demo (issue #20 point 4, D22): anyone may capture one public URL
 * at a fixed size, without a key. It is the same engine behind the same boundary (the url's
 * schema field, the early target check, the guard), with no options to choose, nothing stored
 * and strict limits: DEMO_CAPTURES_PER_HOUR per client address and DEMO_CAPTURES_PER_DAY in all
 * (without a proxy in front, a client can choose its address; the daily total bounds the cost).
 */
import "server-only";
import { Deadline } from "@/lib/browser";
import { ApiError, problemResponse, toApiError } from "@/lib/vocabulary/errors";
import { clientAddress } from "@/lib/api/rate-limit";
import { windowCounter } from "@/lib/api/window-counter";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { assertPublicTarget } from "@/lib/net/target";
import { OUTPUT_FORMATS } from "@/lib/formats";
import { planFromQuery } from "@/lib/screenshot/endpoint";
import { renderScreenshot } from "@/lib/screenshot/render";

/** What every demo capture is: a desktop viewport, banners and ads away, as WebP. */
const DEMO_QUERY = {
  width: "1280",
  height: "800",
  format: "webp",
  blockCookies: "true",
  blockAds: "true",
  timeout: "20000",
} as const;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** `now`: the clock the limit windows are taken from (tests fix it inside one window). */
export async function tryUrlDemo(request: Request, now: () => number = Date.now): Promise<Response> {
  try {
    const { DEMO_CAPTURES_PER_HOUR: perHour, DEMO_CAPTURES_PER_DAY: perDay } = env();
    if (perHour === 0 || perDay === 0) throw new ApiError("not_found", "The no-signup demo is off here.");
    const url = new URL(request.url).searchParams.get("url") ?? "";
    // Only the url is the visitor's; everything else is fixed, and parsed by the one schema.
    const started = performance.now();
    const plan = planFromQuery({ url, ...DEMO_QUERY });
    await assertPublicTarget(plan.url);
    const checked = performance.now();
    const at = now();
    await countOrRefuse(
      `demo:addr:${clientAddress(request)}`,
      at,
      perHour,
      HOUR_MS,
      `The demo allows ${perHour} captures an hour from one address.`,
    );
    await countOrRefuse("demo:all", at, perDay, DAY_MS, "The demo has made all its captures for today.");
    const counted = performance.now();
    const output = await renderScreenshot(plan, new Deadline(Number(DEMO_QUERY.timeout)), "demo");
    const timing = serverTiming(
      { check: checked - started, limits: counted - checked, render: performance.now() - counted },
      output.details?.timings,
    );
    return new Response(new Uint8Array(output.bytes), {
      headers: {
        "Content-Type": OUTPUT_FORMATS[plan.format].mime,
        "Cache-Control": "no-store",
        "Server-Timing": timing,
      },
    });
  } catch (error) {
    const problem = toApiError(error);
    if (problem.status >= 500) log.warn("demo capture failed", { code: problem.code, error });
    return problemResponse(problem);
  }
}

/**
 * Where a demo capture's time went (issue 51 point 8: the landing page's 5.4 s), as a standard
 * Server-Timing header the browser's network panel and the bench read: the target check, the two
 * limit counters, and the render split into its page phases; `setup` is the rest of the render
 * (a render slot, the page's blockers and consent handler, the completeness watch). Durations
 * only, nothing about the target beyond how long it took, which its visitor measures anyway.
 */
function serverTiming(spans: Record<string, number>, phases: unknown): string {
  const render = phases && typeof phases === "object" ? (phases as Record<string, number>) : {};
  const inRender = Object.values(render).reduce((sum, ms) => sum + (Number(ms) || 0), 0);
  const all: Record<string, number> = {
    check: spans.check,
    limits: spans.limits,
    setup: Math.max(0, spans.render - inRender),
    ...render,
    total: spans.check + spans.limits + spans.render,
  };
  return Object.entries(all)
    .map(([name, ms]) => `${name};dur=${Math.round(Number(ms) || 0)}`)
    .join(", ");
}

/** Counts one capture in the current window of `key`; past `limit` a 429 that says when to retry. */
async function countOrRefuse(
  key: string,
  now: number,
  limit: number,
  windowMs: number,
  message: string,
): Promise<void> {
  const windowStart = Math.floor(now / windowMs) * windowMs;
  const n = await windowCounter().hit(`${key}:${windowStart}`, windowMs);
  if (n <= limit) return;
  const retryAfter = Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000));
  throw new ApiError(
    "rate_limited",
    `${message} Sign up for a free key to go on, or retry in ${Math.ceil(retryAfter / 60)} min.`,
    {
      headers: { "Retry-After": String(retryAfter) },
    },
  );
}
