import type { Metadata } from "next";
import { QuotaBanner } from "@/components/dashboard/quota-banner";
import { DashboardShell } from "@/components/dashboard/shell";
import { pagePath } from "@/lib/auth/session";
import { requireWorkspace, workspacesOf } from "@/lib/auth/workspace";

export const metadata: Metadata = {
  title: { default: "Dashboard", template: "%s · Glance dashboard" },
  robots: { index: false },
};

/**
 * The signed-in frame. A signed-out visitor is sent to sign in here, before anything streams, so
 * the answer is an HTTP redirect (307) rather than a page that redirects in the browser; the page's
 * path (from proxy.ts) brings them back afterwards. Every page still reads its data for the
 * current workspace only (requireWorkspace, D28), so nothing renders without one.
 */
export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const workspace = await requireWorkspace((await pagePath()) ?? "/dashboard");
  const choices = await workspacesOf(workspace.user.id);
  return (
    <DashboardShell workspace={workspace} choices={choices}>
      <QuotaBanner userId={workspace.id} plan={workspace.plan} />
      {children}
    </DashboardShell>
  );
}
