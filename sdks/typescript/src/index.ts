/** Glance's JavaScript/TypeScript SDK: the client, signed URLs and webhook verification. */
export { Glance, type GlanceOptions, type RenderedFile } from "./client.js";
export { GlanceError, WebhookVerificationError } from "./errors.js";
export { canonicalQuery, signUrl, type SignablePath, type SignUrlOptions } from "./signing.js";
export { verifyWebhook, type VerifyWebhookOptions } from "./webhooks.js";
export type * from "./types.js";
export type { components, operations, paths, webhooks } from "./openapi.js";
