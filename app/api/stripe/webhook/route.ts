/** POST /api/stripe/webhook: Stripe's events about subscriptions and payments (D18). Logic: lib/billing/webhook.ts. */
import { handleStripeWebhook } from "@/lib/billing/webhook";

export const dynamic = "force-dynamic";

export async function POST(request: Request): Promise<Response> {
  const { status, body } = await handleStripeWebhook(await request.text(), request.headers.get("stripe-signature"));
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}
