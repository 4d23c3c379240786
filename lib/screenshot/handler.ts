/**
 * GET /v1/screenshot once the pipeline has authenticated, parsed, validated (the capture plan,
 * made by screenshotEndpoint.validate) and gated the request: hand the plan to serveResult, which owns cache lookup, single flight,
 * storage, headers and response=json (D6, D7). On a miss the target is checked first (clean 400s
 * before any browser work or quota, D9). `timeout` bounds the whole request from here on (D10).
 */
import "server-only";
import type { ApiContext, Handler } from "@/lib/api/context";
import { paramDoc } from "@/lib/api/params";
import { serveResult, type RenderJob } from "@/lib/results";
import { pageRenderJob } from "@/lib/page/render-job";
import { profileKeyPart } from "@/lib/page/profile";
import { screenshotKeyParams } from "./key-params";
import { screenshotParams, type ScreenshotParams } from "./params";
import { PLANS } from "@/lib/plans";
import { FULL_PAGE_MAX_HEIGHT } from "@/lib/page/page-plan";
import type { CapturePlan } from "./plan";
import { renderScreenshot } from "./render";

/** What to change when a render runs out of time: `timeout`, up to the schema's maximum. */
export const TIMEOUT_ADVICE = `Raise \`timeout\` (up to ${paramDoc(screenshotParams, "timeout").max} ms)`;

export const handleScreenshot: Handler<ScreenshotParams, CapturePlan> = async (ctx) =>
  serveResult(ctx, screenshotRenderJob(ctx, ctx.validated));

/**
 * The render job of a capture plan: what /v1/screenshot serves, and what a comparison (/v1/diff, a
 * monitor's run, D27) obtains for each of its captures, so both are captured, keyed, charged and
 * stored the same way. A plan with ignoreSelectors is keyed with them: its stored result carries
 * their regions. A full page is as tall as the caller's plan allows (D36), and keyed with that
 * height when it is more than the Free plan's (so a result cached before an upgrade is not served
 * cut short after it, and the keys made before D36 stay the same).
 */
export function screenshotRenderJob(
  ctx: Pick<ApiContext<ScreenshotParams>, "params" | "receivedAt" | "caller">,
  validated: CapturePlan,
): RenderJob {
  const maxHeight = PLANS[ctx.caller.plan].fullPageMaxHeight;
  const plan: CapturePlan = validated.fullPage ? { ...validated, fullPageMaxHeight: maxHeight } : validated;
  const keyParams = {
    ...screenshotKeyParams(ctx.params, plan),
    ...(plan.fullPage && maxHeight !== FULL_PAGE_MAX_HEIGHT ? { fullPageMaxHeight: maxHeight } : {}),
    ...profileKeyPart(plan),
  };
  return {
    endpoint: "screenshot",
    keyParams: plan.ignoreSelectors ? { ...keyParams, ignoreSelectors: plan.ignoreSelectors } : keyParams,
    ext: plan.format,
    timeoutAdvice: TIMEOUT_ADVICE,
    ...pageRenderJob(ctx, { timeoutMs: plan.timeoutMs, page: plan }, (deadline, account) =>
      renderScreenshot(plan, deadline, account),
    ),
  };
}
