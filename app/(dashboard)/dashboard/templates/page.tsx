import type { Metadata } from "next";
import Link from "next/link";
import { StudioEditor } from "@/components/dashboard/og-studio/editor";
import { OgPlanGate } from "@/components/dashboard/og-studio/plan-gate";
import { PageHeader } from "@/components/dashboard/shell";
import { linkClass } from "@/components/dashboard/styles";
import { RoleLimit } from "@/components/dashboard/role-limit";
import { can } from "@/lib/auth/roles";
import { requireWorkspace } from "@/lib/auth/workspace";
import { upgradePath } from "@/lib/billing/upgrade-path";
import { ogEndpoint } from "@/lib/og/endpoint";
import { planAtLeast } from "@/lib/plans";
import { STARTERS } from "@/lib/studio/starters";
import { listTemplates } from "@/lib/studio/templates";
import { brandNames } from "@/lib/studio/brand-kit";

export const metadata: Metadata = { title: "OG Templates" };

/** The OG studio (D21): the account's own templates, edited with a live preview. */
export default async function TemplatesPage() {
  const workspace = await requireWorkspace("/dashboard/templates");
  const saved = (await listTemplates(workspace.id)).map((t) => ({ name: t.name, version: t.version }));
  // The editor completes these after `brand:` (D33 point 8).
  const kit = await brandNames(workspace.id);
  const brandKit = { colors: [...kit.colors].sort(), fonts: [...kit.fonts].sort(), images: [...kit.images].sort() };
  return (
    <>
      <PageHeader
        title="OG Templates"
        description={
          <>
            Design your own Open Graph templates and call them from GET /v1/og with template=&lt;name&gt;. Only your
            account can use them. Your{" "}
            <Link href="/dashboard/brand" className={linkClass}>
              brand kit
            </Link>
            &apos;s fonts, images and colours are used by name: <code>font-family: brand:heading</code>,{" "}
            <code>color: brand:primary</code>, <code>&lt;img src=&quot;brand:logo&quot; …&gt;</code>.
          </>
        }
      />
      {!can(workspace.role, "templates.write") || !can(workspace.role, "render") ? (
        // The editor saves (templates.write) and previews by rendering (render): without both it would only fail.
        <>
          {!can(workspace.role, "templates.write") && (
            <RoleLimit role={workspace.role} permission="templates.write" className="mb-4" />
          )}
          {!can(workspace.role, "render") && <RoleLimit role={workspace.role} permission="render" className="mb-4" />}
          <SavedTemplateNames saved={saved} />
        </>
      ) : planAtLeast(workspace.plan, ogEndpoint.minPlan) ? (
        <StudioEditor templates={saved} starters={STARTERS} brandKit={brandKit} />
      ) : (
        <OgPlanGate plan={ogEndpoint.minPlan} path={upgradePath()} saved={saved} workspace={workspace} />
      )}
    </>
  );
}

function SavedTemplateNames({ saved }: { saved: Array<{ name: string; version: number }> }) {
  if (saved.length === 0) return <p className="text-sm text-slate-600">This workspace has no templates yet.</p>;
  return (
    <ul className="divide-y divide-slate-100 text-sm" data-testid="saved-templates">
      {saved.map((t) => (
        <li key={t.name} className="py-2">
          <span className="font-mono text-slate-900">{t.name}</span>{" "}
          <span className="text-slate-500">version {t.version}</span>
        </li>
      ))}
    </ul>
  );
}
