import { DashboardCard } from "@/components/dashboard/card";
import type { Metadata } from "next";
import Link from "next/link";
import { formatDateTime } from "@/components/dashboard/format";
import { PageHeader } from "@/components/dashboard/shell";
import { linkClass } from "@/components/dashboard/styles";
import { DeliveryLog } from "@/components/dashboard/webhooks/delivery-log";
import {
  SendTestWebhook,
  WebhookSecret,
  WebhookSecretWithheld,
  WebhookUrlForm,
} from "@/components/dashboard/webhooks/settings";
import { RoleLimit } from "@/components/dashboard/role-limit";
import { can } from "@/lib/auth/roles";
import { requireWorkspace } from "@/lib/auth/workspace";
import { recentDeliveries } from "@/lib/webhooks/log";
import { WEBHOOK_LOG_RETENTION_DAYS } from "@/lib/webhooks/retention";
import { webhookSettingsFor } from "@/lib/webhooks/settings";

export const metadata: Metadata = { title: "Webhooks" };

/** Webhooks (D20): the default URL, the signing secret and the log of recent deliveries. */
export default async function WebhooksPage() {
  const workspace = await requireWorkspace("/dashboard/webhooks");
  // The secret is read only for a role that manages webhooks: for the others it is not in the page at all (D28).
  const [settings, deliveries] = await Promise.all([
    webhookSettingsFor(workspace.id, workspace.role),
    recentDeliveries(workspace.id),
  ]);
  return (
    <>
      <PageHeader
        title="Webhooks"
        description={
          <>
            Async jobs report their result to a URL you choose, signed per the Standard Webhooks specification.{" "}
            <Link href="/docs/async" className={linkClass}>
              How to verify them
            </Link>
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <DashboardCard id="webhook-url-title" title="Endpoint" className="p-5" titleClassName="mb-3">
          {can(workspace.role, "webhooks.write") ? (
            <WebhookUrlForm url={settings.url} />
          ) : (
            <>
              <p className="mb-3 break-all text-sm text-slate-700" data-testid="webhook-url-readonly">
                {settings.url ?? "No default URL is set."}
              </p>
              <RoleLimit role={workspace.role} permission="webhooks.write" />
            </>
          )}
          {settings.url && can(workspace.role, "webhooks.write") && (
            <div className="mt-4 border-t border-slate-100 pt-4">
              <SendTestWebhook />
            </div>
          )}
        </DashboardCard>
        <DashboardCard id="webhook-secret-title" title="Signing" className="p-5" titleClassName="mb-3">
          {settings.secret === null ? (
            <WebhookSecretWithheld />
          ) : (
            <WebhookSecret
              secret={settings.secret}
              previousUntil={settings.previousSecretUntil ? formatDateTime(settings.previousSecretUntil) : null}
            />
          )}
        </DashboardCard>
      </div>
      <section className="mt-8" aria-labelledby="delivery-log-title">
        <h2 id="delivery-log-title" className="mb-1 text-lg font-semibold text-slate-900">
          Deliveries
        </h2>
        <p className="mb-3 text-sm text-slate-600">
          The newest 50 of the last {WEBHOOK_LOG_RETENTION_DAYS} days, each with every attempt. Failed attempts are
          retried after 5 s, then each wait 5× longer, for about a day.
        </p>
        <DeliveryLog deliveries={deliveries} />
      </section>
    </>
  );
}
