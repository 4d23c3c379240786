/**
 * GET /v1/og once the pipeline has authenticated, parsed, validated (template and variables via
 * ogEndpoint.validate) and gated the request: build the cache key from the customer's list
 * (template, every variable, format, quality, width, height — D6) and hand the render to
 * serveResult, which owns lookup, single flight, storage, headers and response=json (D7).
 */
import "server-only";
import type { ApiContext, Handler } from "@/lib/api/context";
import type { EndpointOutcome } from "@/lib/api/outcome";
import { OG_LIMITS } from "@/lib/og/catalog";
import { loadImages } from "@/lib/og/images";
import { ogParams, type OgParams } from "@/lib/og/params";
import { renderOg } from "@/lib/og/render";
import type { ValidatedOg } from "@/lib/og/endpoint";
import { cacheKeyParams, serveResult } from "@/lib/results";
import type { OgMetadata } from "@/lib/og/schema";

/** The handler, with the render time limit injectable so tests can reach the 504 quickly. */
export function createOgHandler(options: { timeoutMs?: number } = {}): Handler<OgParams, ValidatedOg> {
  const timeoutMs = options.timeoutMs ?? OG_LIMITS.renderTimeoutMs;
  return (ctx) => serveOg(ctx, timeoutMs);
}

export const handleOg = createOgHandler();

async function serveOg(ctx: ApiContext<OgParams, ValidatedOg>, timeoutMs: number): Promise<EndpointOutcome> {
  const started = ctx.receivedAt;
  const { params } = ctx;
  const { template, variables, canonical } = ctx.validated;
  // An account template (D21) renders its current version; the version is part of the cache key,
  // so a saved edit is never answered with the previous design.
  const own = "compiled" in template ? template : undefined;
  const builtIn = "compiled" in template ? undefined : template;
  const { format } = params;
  let images: Awaited<ReturnType<typeof loadImages>> = {};

  return serveResult(ctx, {
    endpoint: "og",
    // `template` is already among the schema's key parameters; variables go in under their own
    // key so a variable can never collide with a schema parameter of the same name.
    keyParams: {
      ...cacheKeyParams(ogParams, params),
      variables: canonical,
      ...(own ? { templateVersion: `${own.id}:${own.version}`, brand: own.brand?.fingerprint ?? "" } : {}),
    },
    ext: format,
    deadline: started + timeoutMs,
    describe: { template: template.name },
    // Only a built-in template with no image_url variable is fixed by its URL: an image names
    // bytes that can change behind it, and an account template changes with every saved edit or
    // brand kit change while its URL stays the same (D15, D21).
    pinned: !own && Object.keys(variables.images).length === 0,
    // image_url variables are fetched only for a render, and before quota is spent: a broken
    // image is a 400 that costs nothing.
    prepare: async (signal) => {
      images = await loadImages(variables.images, signal);
    },
    render: async (signal) => {
      signal.throwIfAborted();
      const image = await renderOg(
        {
          template: own ? { name: own.name, compiled: own.compiled, brand: own.brand } : builtIn!.name,
          variables,
          images,
          width: params.width,
          height: params.height,
          format,
          quality: params.quality,
        },
        signal,
        { deadlineAt: started + timeoutMs },
      );
      // Which engine drew it and what that cost (D21): `render` in the JSON answer, HIT or MISS.
      return {
        bytes: image.bytes,
        width: image.width,
        height: image.height,
        details: { render: image.engine satisfies OgMetadata["render"] },
      };
    },
  });
}
