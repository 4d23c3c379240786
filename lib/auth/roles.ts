/**
 * Roles in a workspace and what each may do (D28). One table, read by the server wherever an
 * action or route acts for a workspace (lib/auth/workspace.ts, lib/auth/action-user.ts,
 * lib/api/session-caller.ts) and by the pages only to leave out buttons a role cannot use.
 * docs/decisions/0028-workspaces.md prints the same table; a unit test keeps the two equal.
 * Client-safe: no server-only imports.
 */
export const ROLES = ["owner", "admin", "developer", "billing", "viewer"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  owner: "Owner",
  admin: "Admin",
  developer: "Developer",
  billing: "Billing",
  viewer: "Viewer",
};

export const PERMISSIONS = {
  /** See the workspace's pages: overview, usage, request log, keys, templates, monitors, settings, members (not the webhook signing secret). */
  read: ["owner", "admin", "developer", "billing", "viewer"],
  /** Create, rename, revoke and limit keys; roll signing secrets; build signed URLs. */
  "keys.write": ["owner", "admin", "developer"],
  /** Render from the dashboard (playground, studio preview): spends the workspace's quota. */
  render: ["owner", "admin", "developer"],
  /** Save, restore and delete OG templates; change the brand kit. */
  "templates.write": ["owner", "admin", "developer"],
  /** Create, run, pause and delete monitors. */
  "monitors.write": ["owner", "admin", "developer"],
  /** See and roll the webhook signing secret, set the webhook URL, send tests, redeliver. */
  "webhooks.write": ["owner", "admin", "developer"],
  /** Delete the workspace's saved browser logins (profiles, D43): credentials, like keys. */
  "profiles.write": ["owner", "admin", "developer"],
  /** Connect or remove the storage bucket (its credentials). */
  "storage.write": ["owner", "admin"],
  /** Change the plan, open the billing portal, choose which keys a downgrade pauses (never more than it needs). */
  "billing.write": ["owner", "billing"],
  /** Invite, revoke invitations, change roles below owner, remove members. */
  "members.write": ["owner", "admin"],
  /** Make or demote owners, transfer ownership, rename the workspace. */
  "owners.write": ["owner"],
  /** Read the audit log. */
  "audit.read": ["owner", "admin"],
} as const satisfies Record<string, readonly Role[]>;
export type Permission = keyof typeof PERMISSIONS;

export function can(role: Role, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly Role[]).includes(role);
}

/**
 * Whether a member of this role is shown the workspace's webhook signing secret, which signs what
 * the customer's receiver trusts (issue 43): only the roles that manage webhooks. Removing a
 * member for whom this is true should be followed by rolling the secret.
 */
export function couldSeeWebhookSecret(role: Role): boolean {
  return can(role, "webhooks.write");
}

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

const PLURAL: Record<Role, string> = {
  owner: "owners",
  admin: "admins",
  developer: "developers",
  billing: "billing members",
  viewer: "viewers",
};

/** Who may do `permission`, in words for a sentence: "Owners, admins and developers". */
export function rolesThatMay(permission: Permission): string {
  const names = (PERMISSIONS[permission] as readonly Role[]).map((r) => PLURAL[r]);
  const list = names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : names[0]!;
  return list.charAt(0).toUpperCase() + list.slice(1);
}

/** Every permission a page gates; `read` is every member's, so no page gates it. */
export type GatedPermission = Exclude<Permission, "read">;

/**
 * Where each permission's controls live and what the gate says a member without it cannot do
 * (issue 49): the page draws `<RoleLimit permission=…>` instead of the controls, which reads `what`
 * here. Typed by `Permission`, so a new permission does not compile until it names its pages;
 * tests/unit/auth/role-gates.test.ts fails until each named page draws the gate, and the
 * workspaces e2e spec walks every page as a viewer.
 */
export const PERMISSION_GATES: Record<GatedPermission, { what: string; pages: readonly `/dashboard${string}`[] }> = {
  "keys.write": { what: "create keys", pages: ["/dashboard/keys", "/dashboard/connectors"] },
  "profiles.write": { what: "delete profiles", pages: ["/dashboard/profiles"] },
  render: { what: "preview templates (a preview is a render)", pages: ["/dashboard/templates"] },
  "templates.write": {
    what: "save templates or change the brand kit",
    pages: ["/dashboard/templates", "/dashboard/brand"],
  },
  "monitors.write": { what: "create, run, pause or delete monitors", pages: ["/dashboard/monitors"] },
  "webhooks.write": {
    what: "see the signing secret, set the webhook URL or send tests",
    pages: ["/dashboard/webhooks"],
  },
  "storage.write": { what: "connect, check or remove the storage bucket", pages: ["/dashboard/storage"] },
  "billing.write": { what: "change the plan or open the billing portal", pages: ["/dashboard/billing"] },
  "members.write": { what: "invite members, change their roles or remove them", pages: ["/dashboard/team"] },
  "owners.write": { what: "make or demote owners or transfer ownership", pages: ["/dashboard/team"] },
  "audit.read": { what: "read the audit log", pages: ["/dashboard/team/audit"] },
};
