import type { Metadata } from "next";
import Link from "next/link";
import { StudioEditor } from "@/components/dashboard/og-studio/editor";
import { OgPlanGate } from "@/components/dashboard/og-studio/plan-gate";
import { PageHeader } from "@/components/dashboard/shell";
import { linkClass } from "@/components/dashboard/styles";
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
      {planAtLeast(workspace.plan, ogEndpoint.minPlan) ? (
        <StudioEditor templates={saved} starters={STARTERS} brandKit={brandKit} />
      ) : (
        <OgPlanGate plan={ogEndpoint.minPlan} path={upgradePath()} saved={saved} workspace={workspace} />
      )}
    </>
  );
}
