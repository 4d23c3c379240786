/**
 * Shared pieces for the result tests: a real (tiny) PNG, the part of the pipeline's context that
 * serveResult reads, and Redis key cleanup. Not a test file (no .test.ts), so Vitest does not run it.
 */
import { Redis } from "ioredis";
import sharp from "sharp";
import { outcomeResponse } from "@/lib/api/outcome-response";
import type { PlanId } from "@/lib/plans";
import type { RenderJob, RenderOutput, ServeContext } from "@/lib/results/render-job";
import type { ResultService } from "@/lib/results/serve";
import { REDIS_URL } from "@/tests/support/env";

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function pngOf(color: string, width = 8, height = 6): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

export interface TestCtx {
  ctx: ServeContext;
  /** How often the pipeline's quota hook was called. */
  consumed: () => number;
  /** How many of those charges were given back. */
  refunded: () => number;
}

export function makeCtx(options: {
  userId?: string;
  plan?: PlanId;
  params?: { response?: "json" };
  consumeRender?: () => Promise<void>;
}): TestCtx {
  let consumed = 0;
  let refunded = 0;
  const ctx: ServeContext = {
    signal: new AbortController().signal,
    requestId: "test-request",
    caller: { userId: options.userId ?? "acct_test", plan: options.plan ?? "free", apiKeyId: "key_test" },
    params: options.params ?? {},
    usage: {},
    async consumeRender() {
      consumed++;
      await options.consumeRender?.();
      let done = false;
      return {
        renders: consumed,
        async refund() {
          if (!done) refunded++;
          done = true;
        },
      };
    },
  };
  return { ctx, consumed: () => consumed, refunded: () => refunded };
}

/** A result service whose answers are read as the HTTP adapter sends them (lib/api/outcome-response.ts). */
export function overHttp<S extends Pick<ResultService, "serve">>(
  service: S,
): Omit<S, "serve"> & { serve(ctx: ServeContext, job: RenderJob): Promise<Response> } {
  return Object.assign(Object.create(service) as S, {
    serve: async (ctx: ServeContext, job: RenderJob) => outcomeResponse(await service.serve(ctx, job)),
  });
}

/** A render callback that counts its calls and takes `ms` (abortable through its signal). */
export function countingRender(bytes: Buffer, ms = 0, extra: Partial<RenderOutput> = {}) {
  const calls = { count: 0, aborted: 0 };
  const render = (signal: AbortSignal) =>
    new Promise<RenderOutput>((resolve, reject) => {
      calls.count++;
      const timer = setTimeout(() => resolve({ bytes, width: 8, height: 6, ...extra }), ms);
      signal.addEventListener("abort", () => {
        calls.aborted++;
        clearTimeout(timer);
        reject(signal.reason);
      });
    });
  return { render, calls };
}

export async function deleteRedisPrefix(prefix: string): Promise<void> {
  const raw = new Redis(REDIS_URL);
  const keys = await raw.keys(`${prefix}*`);
  if (keys.length) await raw.del(...keys);
  await raw.quit();
}
