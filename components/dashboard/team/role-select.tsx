import { ROLE_LABELS, type Role } from "@/lib/auth/roles";

/**
 * The `role` field of the team forms (inviting, changing a member's role): the roles offered, by
 * their labels. `compact` is the size for a table row.
 */
export function RoleSelect({
  id,
  roles,
  defaultValue,
  compact = false,
}: {
  id: string;
  roles: readonly Role[];
  defaultValue: Role;
  compact?: boolean;
}) {
  return (
    <select
      id={id}
      name="role"
      defaultValue={defaultValue}
      className={`rounded-md border border-slate-300 bg-white px-2 ${compact ? "py-1" : "py-2"} text-sm`}
    >
      {roles.map((r) => (
        <option key={r} value={r}>
          {ROLE_LABELS[r]}
        </option>
      ))}
    </select>
  );
}
