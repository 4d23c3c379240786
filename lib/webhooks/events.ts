/**
 * The webhook events (D20), importing nothing: the enqueue path, the OpenAPI document and the docs
 * share this list. A body is `{"type", "timestamp", "data"}`.
 */
export const WEBHOOK_EVENTS = {
  "job.succeeded":
    "A job (not part of a batch) ended with its result; `data` is the job as GET /v1/jobs/{id} shows it.",
  "job.failed":
    "A job (not part of a batch) ended with an error; `data` is the job as GET /v1/jobs/{id} shows it, `error` the problem+json.",
  "batch.completed":
    "Every job of a bulk batch has ended; `data` is the batch as GET /v1/jobs/bulk/{id} shows it, one webhook per batch.",
  "monitor.changed":
    "A monitor's run found a change past its threshold; `data` is the run as GET /v1/monitors/{id}/runs shows it (changedRatio, boxes, imageUrl, diffImageUrl, baselineImageUrl) with the monitor's id, name and url.",
  "crawl.page":
    "A page of a crawl started with `pageWebhooks: true` has ended; `data` is the page as GET /v1/crawl/{id} lists it, with the crawl's `crawlId`.",
  "crawl.completed":
    "A crawl ended — every page rendered, cancelled, or stopped at its page limit or the quota; `data` is the crawl as GET /v1/crawl/{id} shows it, without its pages (read them from `statusUrl`).",
  "webhook.test": 'Sent by the dashboard\'s "Send a test event", to try a receiver; `data` holds a message.',
} as const;

export type WebhookEventType = keyof typeof WEBHOOK_EVENTS;

/** The Standard Webhooks headers every delivery carries. */
export const WEBHOOK_HEADERS = {
  "webhook-id": "The delivery's id: the same on every retry of it, so deduplicate on it.",
  "webhook-timestamp": "Unix seconds when this attempt was signed; refuse values more than five minutes from now.",
  "webhook-signature":
    "`v1,` then the base64 HMAC-SHA256 of `webhook-id.webhook-timestamp.body`, keyed with the base64-decoded part of your `whsec_` secret. Space-separated when there are several.",
} as const;
