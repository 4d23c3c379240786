"use client";
/**
 * "Send again" on a failed delivery of the log (D20): one more attempt under the same webhook-id.
 * On success the log refreshes and shows the delivery pending, without this button.
 */
import { useActionState } from "react";
import { redeliverAction, type RedeliverState } from "@/lib/webhooks/actions";
import { SubmitButton } from "@/components/dashboard/submit-button";
import { Alert } from "@/components/ui";

export function RedeliverButton({ deliveryId }: { deliveryId: string }) {
  const [state, action] = useActionState<RedeliverState, FormData>(redeliverAction, { status: "idle" });
  return (
    <form action={action} className="mt-2 flex flex-wrap items-center gap-3">
      <input type="hidden" name="deliveryId" value={deliveryId} />
      <SubmitButton variant="outline" pendingLabel="Queuing…">
        Send again
      </SubmitButton>
      {state.status === "error" && <Alert tone="danger">{state.message}</Alert>}
    </form>
  );
}
