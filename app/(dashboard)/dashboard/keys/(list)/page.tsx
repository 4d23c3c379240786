import { DashboardCard } from "@/components/dashboard/card";
import type { Metadata } from "next";
import Link from "next/link";
import { ConnectedApps } from "@/components/dashboard/keys/connected-apps";
import { CreateKey } from "@/components/dashboard/keys/create-key";
import { KeyTable } from "@/components/dashboard/keys/key-table";
import { SignedUrlBuilder } from "@/components/dashboard/keys/url-builder";
import { PausedKeys } from "@/components/dashboard/keys/paused-keys";
import { PageHeader } from "@/components/dashboard/shell";
import { linkClass } from "@/components/dashboard/styles";
import { RoleLimit } from "@/components/dashboard/role-limit";
import { can } from "@/lib/auth/roles";
import { requireWorkspace } from "@/lib/auth/workspace";
import { isKeepKeysErrorCode } from "@/lib/accounts/plan-change";
import { listApiKeys, MAX_KEY_NAME_LENGTH } from "@/lib/keys/service";
import { listGrants } from "@/lib/keys/oauth-grants";
import { OG_TEMPLATES, type OgVariable } from "@/lib/og/catalog";
import { listTemplates } from "@/lib/studio/templates";
import { upgradeHref } from "@/lib/billing/upgrade-path";
import { ogEndpoint } from "@/lib/og/endpoint";
import { planAtLeast, PLANS } from "@/lib/plans";
import { requestsByKey } from "@/lib/usage/stats";

export const metadata: Metadata = { title: "API Keys" };

export default async function KeysPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const workspace = await requireWorkspace("/dashboard/keys");
  const keepError = (await searchParams)["keep-error"];
  const plan = PLANS[workspace.plan];
  const [keys, requests, ownTemplates, apps] = await Promise.all([
    listApiKeys(workspace.id),
    requestsByKey(workspace.id, 30),
    listTemplates(workspace.id),
    listGrants(workspace.id),
  ]);
  const active = keys.filter((k) => !k.revokedAt).length;
  const atLimit = active >= plan.maxApiKeys;
  const limitText = atLimit
    ? `You are using all ${plan.maxApiKeys} active keys the ${plan.name} plan allows. Revoke a key or upgrade to create another.`
    : `${active} of ${plan.maxApiKeys} active keys used on the ${plan.name} plan.`;

  return (
    <>
      <PageHeader
        title="API Keys"
        description="Keys authenticate your requests (X-API-Key header); in public pages use signed URLs, which carry the key's public id and a signature instead. Revoking a key takes effect immediately."
      />
      {/* Only a known code selects a fixed message: no text from the URL reaches the page. */}
      <PausedKeys keys={keys} plan={workspace.plan} error={isKeepKeysErrorCode(keepError) ? keepError : undefined} />
      <DashboardCard id="create-key-title" title="New key" className="mb-6 p-5 sm:p-6" titleClassName="mb-4">
        {can(workspace.role, "keys.write") ? (
          <CreateKey atLimit={atLimit} limitText={limitText} maxNameLength={MAX_KEY_NAME_LENGTH} />
        ) : (
          <RoleLimit role={workspace.role} permission="keys.write" />
        )}
        {atLimit && (
          <p className="mt-2 text-sm">
            <Link href="/dashboard/account" className={linkClass}>
              Compare plans
            </Link>
          </p>
        )}
      </DashboardCard>
      <h2 className="sr-only">Your keys</h2>
      <KeyTable keys={keys} requests={requests} />
      <ConnectedApps apps={apps} />
      <DashboardCard id="url-builder-title" title="Signed URL builder" className="mt-6 p-5 sm:p-6">
        <p className="mb-4 mt-1 text-sm text-slate-600">
          An OG image URL for public pages: it names the key by its public id and carries a signature instead of the
          key.{" "}
          <Link href="/docs/signed-urls" className={linkClass}>
            How signed URLs work
          </Link>
        </p>
        <SignedUrlBuilder
          planGate={
            planAtLeast(workspace.plan, ogEndpoint.minPlan)
              ? undefined
              : { current: plan.name, needed: PLANS[ogEndpoint.minPlan].name, href: upgradeHref(ogEndpoint.minPlan) }
          }
          keys={keys.filter((k) => !k.revokedAt && k.signable).map((k) => ({ id: k.id, name: k.name }))}
          templates={[
            ...OG_TEMPLATES.map((t) => ({ name: t.name, label: t.name, variables: builderVariables(t.variables) })),
            // The account's own templates (OG studio, D21) go in public pages too.
            ...ownTemplates.map((t) => ({
              name: t.name,
              label: `${t.name} (yours)`,
              variables: builderVariables(t.variables),
            })),
          ]}
        />
      </DashboardCard>
    </>
  );
}

function builderVariables(variables: readonly OgVariable[]) {
  return variables.map((v) => ({ name: v.name, type: v.type, required: v.required, example: v.example }));
}
