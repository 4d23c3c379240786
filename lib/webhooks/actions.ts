"use server";
/**
 * Dashboard actions on the account's webhooks (D20): save or clear the default URL (checked like a
 * capture URL, D9), roll the signing secret, send a `webhook.test` event to the default URL, and
 * send a failed delivery again. Each re-checks the origin (CSRF) and the session
 * and touches only the signed-in account.
 */
import { randomUUID } from "node:crypto";
import { revalidatePath } from "next/cache";
import { ApiError } from "@/lib/api/errors";
import { actionUser } from "@/lib/auth/action-user";
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

async function signedInUserId(): Promise<{ userId: string } | { error: string }> {
  const who = await actionUser("webhooks");
  return "error" in who ? who : { userId: who.user.id };
}

export async function saveWebhookUrlAction(_prev: WebhookUrlState, formData: FormData): Promise<WebhookUrlState> {
  const who = await signedInUserId();
  if ("error" in who) return { status: "error", message: who.error };
  const raw = formData.get("url");
  try {
    const url = await setDefaultWebhookUrl(who.userId, typeof raw === "string" ? raw : null);
    revalidatePath("/dashboard/webhooks");
    return { status: "saved", url };
  } catch (error) {
    if (error instanceof ApiError) return { status: "error", message: error.message };
    throw error;
  }
}

export async function rollWebhookSecretAction(): Promise<WebhookSecretState> {
  const who = await signedInUserId();
  if ("error" in who) return { status: "error", message: who.error };
  await rollWebhookSecret(who.userId);
  log.info("webhook secret rolled", { userId: who.userId });
  revalidatePath("/dashboard/webhooks");
  return { status: "rolled" };
}

/** A `webhook.test` delivery to the default URL, signed and retried like any other, to try a receiver. */
export async function sendTestWebhookAction(): Promise<TestWebhookState> {
  const who = await signedInUserId();
  if ("error" in who) return { status: "error", message: who.error };
  if (!(await defaultWebhookUrl(who.userId))) return { status: "error", message: "Save a default webhook URL first." };
  const id = await enqueueWebhook({
    userId: who.userId,
    type: "webhook.test",
    key: `test:${randomUUID()}`,
    data: { message: "A test event from the Glance dashboard." },
  });
  revalidatePath("/dashboard/webhooks");
  return id ? { status: "sent", id } : { status: "error", message: "Save a default webhook URL first." };
}

/** Sends a failed delivery again (same webhook-id), e.g. after the receiver was down past the retries. */
export async function redeliverAction(_prev: RedeliverState, formData: FormData): Promise<RedeliverState> {
  const who = await signedInUserId();
  if ("error" in who) return { status: "error", message: who.error };
  const id = formData.get("deliveryId");
  if (typeof id !== "string" || id.length > 64 || !(await redeliver(who.userId, id))) {
    return { status: "error", message: "No failed delivery with this id exists in your account." };
  }
  revalidatePath("/dashboard/webhooks");
  return { status: "queued" };
}
