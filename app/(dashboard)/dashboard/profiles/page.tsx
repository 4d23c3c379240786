import type { Metadata } from "next";
import Link from "next/link";
import { DashboardCard } from "@/components/dashboard/card";
import { DeleteProfile } from "@/components/dashboard/profiles/delete-profile";
import { RoleLimit } from "@/components/dashboard/role-limit";
import { PageHeader } from "@/components/dashboard/shell";
import { linkClass } from "@/components/dashboard/styles";
import { can } from "@/lib/auth/roles";
import { requireWorkspace } from "@/lib/auth/workspace";
import { listProfiles } from "@/lib/profiles/store";

export const metadata: Metadata = { title: "Profiles" };

/** Saved logins (D43): names, origins and dates — never a cookie or a value — and deleting one. */
export default async function ProfilesPage() {
  const workspace = await requireWorkspace("/dashboard/profiles");
  const profiles = await listProfiles(workspace.id);
  const mayDelete = can(workspace.role, "profiles.write");
  return (
    <>
      <PageHeader
        title="Profiles"
        description={
          <>
            Saved logins: a browser session&apos;s cookies and local storage, kept sealed. Renders use one with{" "}
            <code>profile=&lt;name&gt;</code>.{" "}
            <Link href="/docs/sessions#profiles" className={linkClass}>
              How to save one
            </Link>
          </>
        }
      />
      <DashboardCard id="profiles-title" title="Saved profiles" className="p-5" titleClassName="mb-3">
        {!mayDelete && <RoleLimit role={workspace.role} permission="profiles.write" className="mb-3" />}
        {profiles.length === 0 ? (
          <p className="text-sm text-slate-600">
            No profiles yet. Save one from a live session: <code>POST /v1/sessions/&#123;id&#125;/profile</code>, or the{" "}
            <code>browser_save_profile</code> MCP tool.
          </p>
        ) : (
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="text-slate-500">
                <th className="py-2 font-medium">Name</th>
                <th className="py-2 font-medium">Sites</th>
                <th className="py-2 font-medium">Saved</th>
                <th className="py-2" />
              </tr>
            </thead>
            <tbody>
              {profiles.map((profile) => (
                <tr key={profile.name} data-testid="profile-row" className="border-t border-slate-100 align-top">
                  <td className="py-2 font-mono">{profile.name}</td>
                  <td className="py-2 break-all text-slate-600">
                    {[...new Set([...profile.origins, ...profile.cookieDomains])].join(", ") || "—"}
                  </td>
                  <td className="py-2 text-slate-600">
                    <time dateTime={profile.updatedAt}>{profile.updatedAt.slice(0, 16).replace("T", " ")} UTC</time>
                  </td>
                  <td className="py-2">{mayDelete && <DeleteProfile name={profile.name} />}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </DashboardCard>
    </>
  );
}
