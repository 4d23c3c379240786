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
import { ApiError } from "@/lib/api/errors";
import { dashboardAction, refuseWithError, text } from "@/lib/auth/dashboard-action";
import { recordAudit } from "@/lib/workspaces/audit";
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
  { what, permission, input: z.object({ url: text() }), refused: refuseWithError },
  async ({ workspace, input: { url } }): Promise<WebhookUrlState> => {
    try {
      const saved = await setDefaultWebhookUrl(workspace.id, url);
      await recordAudit(workspace.id, workspace.user, "webhook.url_changed", null, { url: saved });
      revalidatePath("/dashboard/webhooks");
      return { status: "saved", url: saved };
    } catch (error) {
      if (error instanceof ApiError) return { status: "error", message: error.message };
      throw error;
    }
  },
);

export const rollWebhookSecretAction = dashboardAction(
  { what, permission, refused: refuseWithError },
  async ({ workspace }): Promise<WebhookSecretState> => {
    await rollWebhookSecret(workspace.id);
    log.info("webhook secret rolled", { userId: workspace.id });
    await recordAudit(workspace.id, workspace.user, "webhook.secret_rolled");
    revalidatePath("/dashboard/webhooks");
    return { status: "rolled" };
  },
);

/** A `webhook.test` delivery to the default URL, signed and retried like any other, to try a receiver. */
export const sendTestWebhookAction = dashboardAction(
  { what, permission, refused: refuseWithError },
  async ({ workspace }): Promise<TestWebhookState> => {
    if (!(await defaultWebhookUrl(workspace.id)))
      return { status: "error", message: "Save a default webhook URL first." };
    const id = await enqueueWebhook({
      userId: workspace.id,
      type: "webhook.test",
      key: `test:${randomUUID()}`,
      data: { message: "A test event from the Glance dashboard." },
    });
    revalidatePath("/dashboard/webhooks");
    return id ? { status: "sent", id } : { status: "error", message: "Save a default webhook URL first." };
  },
);

const NO_DELIVERY = "No failed delivery with this id exists in your account.";

/** Sends a failed delivery again (same webhook-id), e.g. after the receiver was down past the retries. */
export const redeliverAction = dashboardAction(
  {
    what,
    permission,
    input: z.object({ deliveryId: text(z.string().min(1, NO_DELIVERY).max(64, NO_DELIVERY)) }),
    refused: refuseWithError,
  },
  async ({ workspace, input: { deliveryId } }): Promise<RedeliverState> => {
    if (!(await redeliver(workspace.id, deliveryId))) return { status: "error", message: NO_DELIVERY };
    revalidatePath("/dashboard/webhooks");
    return { status: "queued" };
  },
);
