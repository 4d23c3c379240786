/**
 * /v1/animate once the pipeline has authenticated, parsed, validated (the recording plan) and
 * gated the request: the screenshot endpoint's path through serveResult (cache key, single
 * flight, the store, file or JSON, D6/D7), with a recording as the render and its documented
 * number of renders as the charge (D26). `timeout` bounds the whole request (D10).
 */
import "server-only";
import type { Handler } from "@/lib/api/context";
import { paramDoc } from "@/lib/api/params";
import { Deadline } from "@/lib/browser";
import { cacheKeyParams, serveResult } from "@/lib/results";
import { pageTarget } from "@/lib/screenshot/handler";
import { animateParams, type AnimateParams } from "./params";
import type { AnimationPlan } from "./plan";
import { renderAnimation } from "./render";

const TIMEOUT_ADVICE = `Raise \`timeout\` (up to ${paramDoc(animateParams, "timeout").max} ms; async jobs longer), lower fps or duration`;

export const handleAnimate: Handler<AnimateParams, AnimationPlan> = async (ctx) => {
  const started = ctx.receivedAt;
  const plan = ctx.validated;
  const deadline = new Deadline(plan.timeoutMs, started);
  const page = plan.page;

  return serveResult(ctx, {
    endpoint: "animate",
    // The parameters as recorded: a device preset's viewport resolved (D8), the scale a video uses (D26).
    keyParams: cacheKeyParams(animateParams, {
      ...ctx.params,
      width: page.viewport.width,
      height: page.viewport.height,
      deviceScale: page.viewport.deviceScaleFactor,
    }),
    ext: plan.format,
    deadline: deadline.at,
    renders: plan.renders,
    ...pageTarget(page, deadline),
    timeoutAdvice: TIMEOUT_ADVICE,
    render: (signal) => renderAnimation(plan, new Deadline(plan.timeoutMs, started, signal), ctx.caller.userId),
    fresh: ctx.params.fresh,
    ttlSeconds: ctx.params.cacheTtl,
  });
};
