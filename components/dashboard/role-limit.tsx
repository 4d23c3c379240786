import { Alert } from "@/components/ui";
import { ROLE_LABELS, rolesThatMay, type Permission, type Role } from "@/lib/auth/roles";

/**
 * Drawn instead of a form the person's role may not use (#51, D28): what they cannot do and which
 * roles can, before they fill anything in. The server refuses the action anyway.
 */
export function RoleLimit({
  role,
  permission,
  what,
  className,
}: {
  role: Role;
  permission: Permission;
  what: string;
  className?: string;
}) {
  return (
    <div data-testid="role-limit" className={className}>
      <Alert tone="info">
        As {ROLE_LABELS[role].toLowerCase()} of this workspace you cannot {what}. {rolesThatMay(permission)} can: ask
        one of them to change your role on the Team page.
      </Alert>
    </div>
  );
}
