/** GET /v1/connectors in the OpenAPI document (D42, D31), declared beside the endpoint. */
import type { ErrorCode } from "@/lib/vocabulary/errors";
import { errorResponses, KEY_ERRORS, keyedJson } from "@/lib/api/openapi/responses";
import type { EndpointDoc } from "@/lib/api/openapi/types";
import { zodSchema } from "@/lib/api/openapi/zod";
import { connectorsResponseSchema } from "./schema";

const CONNECTORS_ERROR_CODES: readonly ErrorCode[] = [
  ...KEY_ERRORS,
  "unknown_parameter",
  "invalid_parameter",
  "rate_limited",
  "internal_error",
];

export function connectorsDoc(appUrl: string): EndpointDoc {
  return {
    tags: [
      {
        name: "Connectors",
        description: "Programs inside private networks that let this workspace's renders reach private sites.",
      },
    ],
    schemas: { Connectors: zodSchema(connectorsResponseSchema) },
    paths: {
      "/v1/connectors": {
        get: {
          operationId: "listConnectors",
          tags: ["Connectors"],
          summary: "The workspace's connectors and their status",
          description:
            "Online or offline, last seen, the origins each serves and its version. Tokens are created and revoked in the dashboard.",
          externalDocs: { url: `${appUrl}/docs/connectors` },
          responses: {
            "200": keyedJson("The workspace's connectors.", "Connectors"),
            ...errorResponses(CONNECTORS_ERROR_CODES),
          },
        },
      },
    },
  };
}
