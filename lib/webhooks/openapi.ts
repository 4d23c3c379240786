/**
 * The webhooks of the OpenAPI document (D20, D31): what Glance POSTs to a job's webhookUrl or the
 * account's default, one operation per event (lib/webhooks/events.ts), with the Standard Webhooks
 * headers and the body around the job or batch schema the status URLs answer with.
 */
import { jsonRequestBody } from "@/lib/api/openapi/responses";
import type { PathItem, Reference, Schema } from "@/lib/api/openapi/types";
import { WEBHOOK_EVENTS, WEBHOOK_HEADERS, type WebhookEventType } from "./events";

const DATA: Record<WebhookEventType, Schema | Reference> = {
  "job.succeeded": { $ref: "#/components/schemas/Job" },
  "job.failed": { $ref: "#/components/schemas/Job" },
  "batch.completed": { $ref: "#/components/schemas/JobBatch" },
  "monitor.changed": { $ref: "#/components/schemas/MonitorRun" },
  "crawl.page": { $ref: "#/components/schemas/CrawlPage" },
  "crawl.completed": { $ref: "#/components/schemas/Crawl" },
  "webhook.test": { type: "object", required: ["message"], properties: { message: { type: "string" } } },
};

const RECEIVED =
  "Received. Any other answer — another status, a redirect (never followed) or none within 15 s — is retried after 5 s, " +
  "then each wait five times longer, eight attempts over about 27 hours, with the same webhook-id.";

export function webhookOperations(): Record<string, PathItem> {
  return Object.fromEntries(
    (Object.keys(WEBHOOK_EVENTS) as WebhookEventType[]).map((type) => [
      type,
      {
        post: {
          operationId: `webhook_${type.replace(".", "_")}`,
          tags: ["Async jobs"],
          summary: `${type} (sent to your webhook URL)`,
          description: `${WEBHOOK_EVENTS[type]} Signed per the Standard Webhooks specification: verify it as the "Async & webhooks" guide shows.`,
          security: [],
          parameters: Object.entries(WEBHOOK_HEADERS).map(([name, description]) => ({
            name,
            in: "header",
            required: true,
            description,
            schema: { type: "string" },
          })),
          requestBody: jsonRequestBody({
            type: "object",
            required: ["type", "timestamp", "data"],
            properties: {
              type: { const: type },
              timestamp: {
                type: "string",
                format: "date-time",
                description: "When the event happened (the same on every retry).",
              },
              data: DATA[type],
            },
          }),
          responses: { "2XX": { description: RECEIVED } },
        },
      },
    ]),
  );
}
