import { DashboardCard } from "@/components/dashboard/card";
import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/dashboard/shell";
import { linkClass } from "@/components/dashboard/styles";
import { CheckStorage, StorageForm } from "@/components/dashboard/storage/settings";
import { RoleLimit } from "@/components/dashboard/role-limit";
import { can } from "@/lib/auth/roles";
import { requireWorkspace } from "@/lib/auth/workspace";
import { storageSettingsView } from "@/lib/storage/settings";

export const metadata: Metadata = { title: "Storage" };

/** Storage (D20): the account's S3-compatible bucket for results of jobs with store=true. The secret is shown masked only. */
export default async function StoragePage() {
  const workspace = await requireWorkspace("/dashboard/storage");
  const saved = await storageSettingsView(workspace.id);
  return (
    <>
      <PageHeader
        title="Storage"
        description={
          <>
            Async jobs with <code>store=true</code> upload their result to your own S3-compatible bucket.{" "}
            <Link href="/docs/async#storage" className={linkClass}>
              How it works
            </Link>
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <DashboardCard id="storage-bucket-title" title="Bucket" className="p-5 lg:col-span-2" titleClassName="mb-3">
          {can(workspace.role, "storage.write") ? (
            <StorageForm saved={saved} />
          ) : (
            <>
              <p className="mb-3 break-all text-sm text-slate-700" data-testid="storage-readonly">
                {saved ? `${saved.bucket}/${saved.prefix}` : "No bucket is connected."}
              </p>
              <RoleLimit role={workspace.role} permission="storage.write" />
            </>
          )}
        </DashboardCard>
        <DashboardCard id="storage-check-title" title="Connection" className="p-5" titleClassName="mb-3">
          {saved && can(workspace.role, "storage.write") ? (
            <>
              <p className="mb-3 text-sm text-slate-600">
                Uploads go to{" "}
                <code className="break-all">
                  {saved.bucket}/{saved.prefix}
                </code>
                . The check writes a small probe object there and deletes it.
              </p>
              <CheckStorage />
            </>
          ) : (
            <p className="text-sm text-slate-600">
              {saved
                ? "Members who may change the bucket can check it."
                : "Save a bucket first; then check that Glance can write to it."}
            </p>
          )}
        </DashboardCard>
      </div>
    </>
  );
}
