/**
 * The workspace acted for and the others the person belongs to (D28). A plain form, so it works
 * before any script loads; the server checks the membership of whatever id is sent. The switch
 * stays on the page the person is on when the other workspace has it (a list, not one key).
 */
import { ROLE_LABELS, type Role } from "@/lib/auth/roles";
import type { WorkspaceChoice } from "@/lib/auth/workspace";
import { switchWorkspaceAction } from "@/lib/workspaces/actions";
import { SubmitButton } from "@/components/dashboard/submit-button";
import { CurrentPathInput } from "@/components/dashboard/current-path-input";

export function WorkspaceSwitcher({
  current,
  role,
  choices,
}: {
  current: string;
  role: Role;
  choices: WorkspaceChoice[];
}) {
  return (
    <form action={switchWorkspaceAction} className="flex min-w-0 items-center gap-2" data-testid="workspace-switcher">
      <CurrentPathInput name="from" />
      <label htmlFor="workspace-select" className="sr-only">
        Workspace
      </label>
      {/* Keyed by the workspace: the layout survives navigation, and an uncontrolled select keeps
          its old value otherwise. */}
      <select
        key={current}
        id="workspace-select"
        name="workspace"
        defaultValue={current}
        className="max-w-48 truncate rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-800"
      >
        {choices.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
      {choices.length > 1 && (
        <SubmitButton variant="secondary" className="px-2.5 py-1.5" pendingLabel="Switching…">
          Switch
        </SubmitButton>
      )}
      <span className="hidden text-xs text-slate-500 md:inline" data-testid="workspace-role">
        {ROLE_LABELS[role]}
      </span>
    </form>
  );
}
