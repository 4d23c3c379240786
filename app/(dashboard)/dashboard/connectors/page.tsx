import { DashboardCard } from "@/components/dashboard/card";
import type { Metadata } from "next";
import Link from "next/link";
import { ConnectorTable } from "@/components/dashboard/connectors/connector-table";
import { CreateConnector } from "@/components/dashboard/connectors/create-connector";
import { RoleLimit } from "@/components/dashboard/role-limit";
import { PageHeader } from "@/components/dashboard/shell";
import { linkClass } from "@/components/dashboard/styles";
import { can } from "@/lib/auth/roles";
import { requireWorkspace } from "@/lib/auth/workspace";
import { env } from "@/lib/env";
import { listConnectors, MAX_CONNECTOR_NAME_LENGTH } from "@/lib/keys/connectors";
import { PLANS } from "@/lib/plans";

export const metadata: Metadata = { title: "Connectors" };

/** Connectors (D42): tokens for the program that lets this workspace's renders reach private sites. */
export default async function ConnectorsPage() {
  const workspace = await requireWorkspace("/dashboard/connectors");
  const connectors = await listConnectors(workspace.id);
  const mayWrite = can(workspace.role, "keys.write");
  // The plan's limit is enforced when one is created (D42); this says where the workspace stands.
  const plan = PLANS[workspace.plan];
  const active = connectors.filter((c) => !c.revokedAt).length;
  const limitText =
    `${active} of ${plan.connectors} active connector${plan.connectors === 1 ? "" : "s"} used on the ${plan.name} plan.` +
    (active >= plan.connectors ? " Revoke one or upgrade to create another." : "");
  return (
    <>
      <PageHeader
        title="Connectors"
        description={
          <>
            A connector runs inside your network, dials out to Glance and serves only the origins you name, for this
            workspace&apos;s renders only.{" "}
            <Link href="/docs/connectors" className={linkClass}>
              How connectors work
            </Link>
          </>
        }
      />
      <DashboardCard
        id="create-connector-title"
        title="New connector"
        className="mb-6 p-5 sm:p-6"
        titleClassName="mb-4"
      >
        {mayWrite ? (
          <CreateConnector maxNameLength={MAX_CONNECTOR_NAME_LENGTH} serverUrl={env().APP_URL} />
        ) : (
          <RoleLimit role={workspace.role} permission="keys.write" what="create connectors" />
        )}
        <p className="mt-3 text-sm text-slate-600">{limitText}</p>
      </DashboardCard>
      <ConnectorTable connectors={connectors} mayRevoke={mayWrite} />
    </>
  );
}
