/**
 * GET /v1/map as the pipeline sees it (D32): the schema, and a validate step that resolves the
 * start URL's host under the address policy (D9), so a name that points inward is a 400 before
 * any fetch. It renders nothing: it counts against the rate limit, never the render quota.
 */
import type { EndpointSpec } from "@/lib/api/context";
import { assertPublicTarget } from "@/lib/net/target";
import { mapParams } from "./params";

export const mapEndpoint = {
  id: "map",
  params: mapParams,
  extras: "reject",
  validate: async (params) => {
    await assertPublicTarget(params.url);
  },
  targetHost: (params) => new URL(params.url).host,
} as const satisfies EndpointSpec<typeof mapParams, void>;
