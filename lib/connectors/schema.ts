/** The body of GET /v1/connectors (D42): typed for the handler, published in the OpenAPI document. */
import { z } from "zod";

export const connectorsResponseSchema = z.object({
  connectors: z
    .array(
      z.object({
        id: z.string(),
        name: z.string(),
        token: z.string().describe("The token's masked form (ct_live_abcd…wxyz); the token itself is shown only once."),
        status: z
          .enum(["online", "offline", "revoked"])
          .describe("online: connected to an instance and heard within the last 45 seconds."),
        lastSeenAt: z.iso.datetime().nullable().describe("When an instance last heard from it."),
        connectedAt: z.iso.datetime().nullable().describe("When its current connection began; null while offline."),
        exposedOrigins: z.array(z.string()).describe("The origins its last connection declared."),
        version: z.string().nullable().describe("The program's version its last connection reported."),
        createdAt: z.iso.datetime(),
        revokedAt: z.iso.datetime().nullable(),
      }),
    )
    .describe("The workspace's connectors, active first, newest first."),
});
export type ConnectorsResponse = z.infer<typeof connectorsResponseSchema>;
