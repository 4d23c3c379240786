/**
 * /v1/animate once the pipeline has authenticated, parsed, validated (the recording plan) and
 * gated the request: the screenshot endpoint's path through serveResult (cache key, single
 * flight, the store, file or JSON, D6/D7), with a recording as the render and its documented
 * number of renders as the charge (D26). `timeout` bounds the whole request (D10).
 */
import "server-only";
import type { Handler } from "@/lib/api/context";
import { paramDoc } from "@/lib/api/params";
import { cacheKeyParams, serveResult } from "@/lib/results";
import { pageRenderJob } from "@/lib/page/render-job";
import { profileKeyPart } from "@/lib/page/profile";
import { animateParams, type AnimateParams } from "./params";
import type { AnimationPlan } from "./plan";
import { renderAnimation } from "./render";

const TIMEOUT_ADVICE = `Raise \`timeout\` (up to ${paramDoc(animateParams, "timeout").max} ms; async jobs longer), lower fps or duration`;

export const handleAnimate: Handler<AnimateParams, AnimationPlan> = async (ctx) => {
  const plan = ctx.validated;
  const page = plan.page;
  return serveResult(ctx, {
    endpoint: "animate",
    // The parameters as recorded: a device preset's viewport resolved (D8), the scale a video uses (D26).
    keyParams: {
      ...cacheKeyParams(animateParams, {
        ...ctx.params,
        width: page.viewport.width,
        height: page.viewport.height,
        deviceScale: page.viewport.deviceScaleFactor,
      }),
      ...profileKeyPart(page),
    },
    ext: plan.format,
    renders: plan.renders,
    timeoutAdvice: TIMEOUT_ADVICE,
    ...pageRenderJob(ctx, { timeoutMs: plan.timeoutMs, page }, (deadline, account) =>
      renderAnimation(plan, deadline, account),
    ),
  });
};
