/**
 * GET /v1/map as the pipeline sees it (D32): the schema, and a validate step that resolves the
 * start URL's host under the address policy (D9), so a name that points inward is a 400 before
 * any fetch — unless a connector of the caller's workspace declared its origin (D42): then the
 * map goes through it, and an offline connector is 502 `connector_offline` at once, naming it. It renders nothing: it counts against the rate limit, never the render quota.
 */
import type { EndpointSpec } from "@/lib/api/context";
import { assertReachableTarget } from "@/lib/net/connector-route";
import { mapParams } from "./params";

export const mapEndpoint = {
  id: "map",
  params: mapParams,
  extras: "reject",
  validate: async (params, { caller }) => {
    await assertReachableTarget(params.url, caller.userId);
  },
  targetHost: (params) => new URL(params.url).host,
} as const satisfies EndpointSpec<typeof mapParams, void>;
