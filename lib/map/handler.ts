/**
 * GET /v1/map once the pipeline has authenticated, parsed, validated and rate-limited the request
 * (D32): the site's URLs from lib/map/discover.ts, answered as `{ urls }`.
 */
import "server-only";
import type { ApiContext } from "@/lib/api/context";
import { type JsonOutcome, jsonOutcome } from "@/lib/api/outcome";
import { mapSite } from "./discover";
import type { MapParams } from "./params";

export async function handleMap(ctx: ApiContext<MapParams, void>): Promise<JsonOutcome<{ urls: string[] }>> {
  const { params } = ctx;
  const started = Date.now();
  const { urls } = await mapSite({
    url: params.url,
    limit: params.limit,
    depth: params.depth,
    sitemap: params.sitemap,
    scope: {
      subdomains: params.subdomains,
      ignoreQueryParameters: params.ignoreQueryParameters,
      include: params.include,
      exclude: params.exclude,
    },
    deadline: ctx.receivedAt + params.timeout,
    workspaceId: ctx.caller.userId,
  });
  ctx.usage.renderMs = Date.now() - started;
  return jsonOutcome({ urls }, { headers: { "Cache-Control": "no-store" } });
}
