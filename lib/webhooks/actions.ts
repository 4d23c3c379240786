"use server";
/**
 * Dashboard actions on the account's webhooks (D20): save or clear the default URL (checked like a
 * capture URL, D9), roll the signing secret, send a `webhook.test` event to the default URL, and
 * send a failed delivery again. Written with `dashboardAction`, so each
 * touches only the signed-in account.
 */
import { randomUUID } from "node:crypto";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { ApiError } from "@/lib/vocabulary/errors";
import { dashboardAction, refuseWithError, text } from "@/lib/auth/dashboard-action";
import { log } from "@/lib/log";
import { enqueueWebhook } from "./enqueue";
import { redeliver } from "./log";
import { defaultWebhookUrl, rollWebhookSecret, setDefaultWebhookUrl } from "./settings";

export type WebhookUrlState =
  { status: "idle" } | { status: "saved"; url: string | null } | { status: "error"; message: string };
export type WebhookSecretState = { status: "idle" } | { status: "rolled" } | { status: "error"; message: string };
export type RedeliverState = { status: "idle" } | { status: "queued" } | { status: "error"; message: string };
export type TestWebhookState =
  { status: "idle" } | { status: "sent"; id: string } | { status: "error"; message: string };

const what = "webhooks";
/** Who may run these (D28, lib/auth/roles.ts). */
const permission = "webhooks.write" as const;

export const saveWebhookUrlAction = dashboardAction(
  { what, permission, audit: "webhook.url_changed", input: z.object({ url: text() }), refused: refuseWithError },
  async ({ workspace, audit, input: { url } }): Promise<WebhookUrlState> => {
    try {
      const saved = await setDefaultWebhookUrl(workspace.id, url);
      await audit("webhook.url_changed", null, { url: saved });
      revalidatePath("/dashboard/webhooks");
      return { status: "saved", url: saved };
    } catch (error) {
      if (error instanceof ApiError) return { status: "error", message: error.message };
      throw error;
    }
  },
);

export const rollWebhookSecretAction = dashboardAction(
  { what, permission, audit: "webhook.secret_rolled", refused: refuseWithError },
  async ({ workspace, audit }): Promise<WebhookSecretState> => {
    await rollWebhookSecret(workspace.id);
    log.info("webhook secret rolled", { userId: workspace.id });
    await audit("webhook.secret_rolled");
    revalidatePath("/dashboard/webhooks");
    return { status: "rolled" };
  },
);

/** A `webhook.test` delivery to the default URL, signed and retried like any other, to try a receiver. */
export const sendTestWebhookAction = dashboardAction(
  { what, permission, audit: "webhook.test_sent", refused: refuseWithError },
  async ({ workspace, audit }): Promise<TestWebhookState> => {
    if (!(await defaultWebhookUrl(workspace.id)))
      return { status: "error", message: "Save a default webhook URL first." };
    const id = await enqueueWebhook({
      userId: workspace.id,
      type: "webhook.test",
      key: `test:${randomUUID()}`,
      data: { message: "A test event from the Glance dashboard." },
    });
    if (!id) return { status: "error", message: "Save a default webhook URL first." };
    await audit("webhook.test_sent", id);
    revalidatePath("/dashboard/webhooks");
    return { status: "sent", id };
  },
);

const NO_DELIVERY = "No failed delivery with this id exists in your account.";

/** Sends a failed delivery again (same webhook-id), e.g. after the receiver was down past the retries. */
export const redeliverAction = dashboardAction(
  {
    what,
    permission,
    audit: "webhook.redelivered",
    input: z.object({ deliveryId: text(z.string().min(1, NO_DELIVERY).max(64, NO_DELIVERY)) }),
    refused: refuseWithError,
  },
  async ({ workspace, audit, input: { deliveryId } }): Promise<RedeliverState> => {
    if (!(await redeliver(workspace.id, deliveryId))) return { status: "error", message: NO_DELIVERY };
    await audit("webhook.redelivered", deliveryId);
    revalidatePath("/dashboard/webhooks");
    return { status: "queued" };
  },
);
