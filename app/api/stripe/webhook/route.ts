/** POST /api/stripe/webhook: Stripe's events about subscriptions and payments (D18). Logic: lib/billing/webhook.ts. */
import { stripeWebhookResponse } from "@/lib/billing/webhook";

export const dynamic = "force-dynamic";
// Every other method: a problem+json 405 with Allow (D1), not Next's empty one.
export { DELETE, GET, HEAD, OPTIONS, PATCH, PUT } from "@/lib/api/post-only";

export async function POST(request: Request): Promise<Response> {
  return stripeWebhookResponse(await request.text(), request.headers.get("stripe-signature"));
}
