import { buttonClasses } from "@/components/ui";
import { Logo } from "@/components/site/logo";
import { DashboardNav } from "@/components/dashboard/nav";
import { PlanBadge } from "@/components/site/plan-badge";
import { SkipLink } from "@/components/site/skip-link";

import { WorkspaceSwitcher } from "@/components/dashboard/workspace-switcher";
import { signOut } from "@/lib/auth/actions";
import type { CurrentWorkspace, WorkspaceChoice } from "@/lib/auth/workspace";

/** The signed-in frame: logo, the workspace acted for, who is signed in, sign-out, and the section tabs. */
export function DashboardShell({
  workspace,
  choices,
  children,
}: {
  workspace: CurrentWorkspace;
  choices: WorkspaceChoice[];
  children: React.ReactNode;
}) {
  const { user } = workspace;
  const who = user.email ?? user.name ?? "Signed in";
  return (
    <div className="min-h-screen bg-slate-50">
      <SkipLink className="focus:left-4 focus:top-4 focus:px-4 focus:py-2" />
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <div className="flex flex-wrap items-center justify-between gap-3 pt-4">
            <div className="flex min-w-0 items-center gap-4">
              <Logo />
              <WorkspaceSwitcher current={workspace.id} role={workspace.role} choices={choices} />
            </div>
            <div className="flex min-w-0 items-center gap-3">
              <span className="flex shrink-0" data-testid="plan-badge">
                <PlanBadge plan={workspace.plan} />
              </span>
              <span className="truncate text-sm text-slate-700" data-testid="signed-in-as" title={who}>
                {who}
              </span>
              <form action={signOut}>
                <button
                  type="submit"
                  className={buttonClasses({ variant: "ghost" }, "whitespace-nowrap px-2.5 py-1.5")}
                >
                  Sign out
                </button>
              </form>
            </div>
          </div>
          <div className="mt-2">
            <DashboardNav />
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-8 focus:outline-none sm:px-6">
        {children}
      </main>
    </div>
  );
}

export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: React.ReactNode;
  actions?: React.ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        {description && <p className="mt-1 max-w-2xl text-sm text-slate-600">{description}</p>}
      </div>
      {actions}
    </div>
  );
}
