/**
 * /v1/diff after the pipeline (D27): both images — the page captured now, and the page to compare
 * with captured alike or an image already stored — through the screenshot's own render job
 * (lib/screenshot/handler.ts: cache, single flight, the quota charge of each capture that renders,
 * the stored result, D6, D7), then compared and the diff image stored. Always JSON.
 */
import "server-only";
import { type Handler, type UsageNote } from "@/lib/api/context";
import { jsonOutcome } from "@/lib/api/outcome";
import { ownerId } from "@/lib/vocabulary/caller";
import { obtainResult, resultJson } from "@/lib/results";
import { screenshotRenderJob } from "@/lib/screenshot/handler";
import type { ComparisonCapture } from "./capture-options";
import type { DiffPlan } from "./endpoint";
import { type ComparedImage, compareAndStore, ignoredRegionsOf } from "./outcome";
import type { DiffParams } from "./params";
import { loadStoredImage } from "./reference";

type Side = ComparedImage & { answer: Record<string, unknown>; usage: UsageNote };

export const handleDiff: Handler<DiffParams, DiffPlan> = async (ctx) => {
  const { after, before, compare } = ctx.validated;
  const owner = { id: ownerId(ctx.caller), plan: ctx.caller.plan };

  const capture = async ({ params, plan }: ComparisonCapture): Promise<Side> => {
    const usage: UsageNote = {};
    const job = screenshotRenderJob({ params, receivedAt: ctx.receivedAt, caller: ctx.caller }, plan);
    const { key, stored, hit } = await obtainResult({ ...ctx, params: { response: "json" }, usage }, job);
    return {
      bytes: stored.bytes,
      ignore: ignoredRegionsOf(stored.metadata.details),
      identity: stored.etag,
      answer: resultJson(key, stored, hit, job.describe),
      usage,
    };
  };
  const [now, then] = await Promise.all([
    capture(after),
    before.kind === "capture"
      ? capture(before.capture)
      : loadStoredImage(before, owner).then((stored): Side => ({ ...stored, usage: {} })),
  ]);
  // The request log counts the request as a render when either capture rendered.
  const misses = [now.usage, then.usage].filter((u) => u.cache === "MISS");
  ctx.usage.cache = misses.length > 0 ? "MISS" : "HIT";
  if (misses.length > 0) ctx.usage.renderMs = misses.reduce((sum, u) => sum + (u.renderMs ?? 0), 0);

  const outcome = await compareAndStore(owner, now, then, compare);
  const body = {
    url: ctx.params.url,
    ...(ctx.params.compareUrl !== undefined
      ? { compareUrl: ctx.params.compareUrl }
      : { compareTo: ctx.params.compareTo }),
    ...outcome,
    imageUrl: now.answer.imageUrl,
    compareImageUrl: then.answer.imageUrl,
    threshold: ctx.params.threshold,
    ignoreAntialiasing: ctx.params.ignoreAntialiasing,
    captures: { url: now.answer, compare: then.answer },
  };
  return jsonOutcome(body, { headers: { "Cache-Control": "no-store", "X-Cache": ctx.usage.cache } });
};
