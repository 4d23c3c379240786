/**
 * GET and POST /v1/content once the pipeline has authenticated, parsed, validated (the content
 * plan) and gated the request (D24): serveResult owns the cache (keyed by every parameter, the
 * plan's TTL, D6), single flight, fresh=true and the quota — one render whatever the formats.
 * The render stores the content document as the result and the screenshot beside it; the answer
 * is built from the stored document, so a HIT answers exactly like the MISS did.
 */
import "server-only";
import type { Handler } from "@/lib/api/context";
import { cacheKeyParams, serveResult } from "@/lib/results";
import type { RenderOutput } from "@/lib/results";
import { pageRenderJob } from "@/lib/page/render-job";
import { profileKeyPart } from "@/lib/page/profile";
import { TIMEOUT_ADVICE } from "@/lib/screenshot/handler";
import { acceptsMarkdown, contentAnswer } from "./answer";
import { contentParams, type ContentParams } from "./params";
import type { ContentPlan } from "./plan";
import { type ContentRender, renderContent } from "./render";

/** The content render as a stored result: the document as JSON, the screenshot as an attachment. */
function asRenderOutput(render: ContentRender, plan: ContentPlan): RenderOutput {
  const { document, screenshot } = render;
  const status = document.targetStatus;
  return {
    bytes: Buffer.from(JSON.stringify(document), "utf8"),
    width: plan.viewport.width,
    height: plan.viewport.height,
    ...(screenshot ? { attachments: [{ part: "screenshot", ext: "png" as const, ...screenshot }] } : {}),
    ...(status !== null ? { headers: { "X-Target-Status": String(status) } } : {}),
    // Only reached with failOnHttpError=false: kept 5 minutes at most, like a captured error page (D19).
    ...(status !== null && status >= 400 ? { maxTtlSeconds: 300 } : {}),
  };
}

export const handleContent: Handler<ContentParams, ContentPlan> = async (ctx) => {
  const plan = ctx.validated;
  const page = pageRenderJob(ctx, { timeoutMs: plan.timeoutMs, page: plan }, async (deadline, account) =>
    asRenderOutput(await renderContent(plan, deadline, account), plan),
  );
  // Accept: text/markdown counts only when the caller did not choose the answer with `response`.
  const onlyMarkdown = plan.formats.length === 1 && plan.formats[0] === "markdown";
  const markdown =
    plan.response === "markdown" || (!ctx.given.has("response") && onlyMarkdown && acceptsMarkdown(ctx.accept ?? null));

  return serveResult(ctx, {
    endpoint: "content",
    // Every parameter that changes the result, as it will be rendered: a device's viewport resolved (D8).
    keyParams: {
      ...cacheKeyParams(contentParams, { ...ctx.params, width: plan.viewport.width, height: plan.viewport.height }),
      ...profileKeyPart(plan),
    },
    ext: "json",
    timeoutAdvice: TIMEOUT_ADVICE,
    ...page,
    answer: (view) => contentAnswer(view, { describe: page.describe, markdown }),
  });
};
