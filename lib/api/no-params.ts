/**
 * The spec of an endpoint that takes no parameters at all (GET /v1/usage, GET /v1/jobs/{id}): any
 * query parameter is an unknown_parameter 400, and there is nothing to validate across fields.
 */
import { z } from "zod";
import type { EndpointSpec } from "@/lib/api/context";
import type { EndpointId } from "@/lib/endpoints";

const noParams = z.object({});

/** What the handler of a no-parameter endpoint gets as `ctx.params`. */
export type NoParams = z.output<typeof noParams>;

export function noParamsEndpoint<const Id extends EndpointId>(id: Id) {
  return { id, params: noParams, extras: "reject", validate: () => undefined } as const satisfies EndpointSpec<
    typeof noParams,
    undefined
  >;
}
