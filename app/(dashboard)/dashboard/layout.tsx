import type { Metadata } from "next";
import { DashboardShell } from "@/components/dashboard/shell";
import { getCurrentUser } from "@/lib/auth/session";

export const metadata: Metadata = { title: { default: "Dashboard", template: "%s · Glance dashboard" }, robots: { index: false } };

/**
 * The signed-in frame. Signed-out visitors are sent to sign in by each page's own requireUser(),
 * which knows the page's path (a layout does not) and so can bring them back to it afterwards;
 * every page reads its data for the signed-in user only, so nothing renders without one.
 */
export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const user = await getCurrentUser();
  if (!user) return children;
  return <DashboardShell user={user}>{children}</DashboardShell>;
}
