import type { Metadata } from "next";
import { DashboardShell } from "@/components/dashboard/shell";
import { requireUser } from "@/lib/auth/session";

export const metadata: Metadata = { title: { default: "Dashboard", template: "%s · Glance dashboard" }, robots: { index: false } };

export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const user = await requireUser();
  return <DashboardShell user={user}>{children}</DashboardShell>;
}
