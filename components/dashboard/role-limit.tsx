import { Alert } from "@/components/ui";
import { PERMISSION_GATES, ROLE_LABELS, rolesThatMay, type GatedPermission, type Role } from "@/lib/auth/roles";

/**
 * Drawn instead of a form the person's role may not use (#51, D28): what they cannot do and which
 * roles can, before they fill anything in. The server refuses the action anyway. `what` defaults to
 * the permission's own phrase (PERMISSION_GATES); a page narrower than the permission says less.
 */
export function RoleLimit({
  role,
  permission,
  what = PERMISSION_GATES[permission].what,
  className,
}: {
  role: Role;
  permission: GatedPermission;
  what?: string;
  className?: string;
}) {
  return (
    <div data-testid="role-limit" data-permission={permission} className={className}>
      <Alert tone="info">
        As {ROLE_LABELS[role].toLowerCase()} of this workspace you cannot {what}. {rolesThatMay(permission)} can: ask
        one of them to change your role on the Team page.
      </Alert>
    </div>
  );
}
