import Link from "next/link";
import { linkClass } from "@/components/dashboard/styles";
import { couldSeeWebhookSecret, type Role } from "@/lib/auth/roles";

/**
 * Shown with the removal of a member whose role was shown the webhook signing secret (D28): they
 * may have kept a copy, which signs deliveries the workspace's receiver trusts, so rolling it is
 * suggested. Nothing for the roles that never saw it.
 */
export function WebhookSecretRollHint({ role }: { role: Role }) {
  if (!couldSeeWebhookSecret(role)) return null;
  return (
    <p className="text-xs text-slate-600" data-testid="webhook-secret-roll-hint">
      As {role} they could see the webhook signing secret: after removing them,{" "}
      <Link href="/dashboard/webhooks#webhook-secret-title" className={linkClass}>
        roll it
      </Link>{" "}
      and update your receiver.
    </p>
  );
}
