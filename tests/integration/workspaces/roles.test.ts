/**
 * Roles (D28) enforced on the server, every dashboard action for every role: a table of actions,
 * each run as each role of a team workspace on real PostgreSQL, allowed exactly when
 * lib/auth/roles.ts says so; every server action declares its audit entries; the webhook signing
 * secret is read for the roles that manage webhooks only (the billing role's choice of keys after a
 * downgrade: keep-keys.test.ts). Next's request scope is the one thing stood in
 * for (./support.ts); the rest is real. Session routes and other workspaces' data: roles-sessions.test.ts.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { ROLES, actAs, form, redirectOf, teamOfEveryRole } from "./support";

vi.mock("next/headers", async () => (await import("./support")).nextHeadersStandIn);
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));
const ROLE_REFUSAL = /you cannot manage/;
const refusedState = (state: unknown) =>
  typeof state === "object" && state !== null && ROLE_REFUSAL.test(String((state as { message?: string }).message));
const w = teamOfEveryRole();
const { people } = w;

describe("every dashboard action, as every role", async () => {
  const { PERMISSIONS } = await import("@/lib/auth/roles");
  const keys = await import("@/lib/keys/actions");
  const signing = await import("@/lib/keys/url-builder/actions");
  const storage = await import("@/lib/storage/actions");
  const webhooks = await import("@/lib/webhooks/actions");
  const brand = await import("@/lib/studio/brand-actions");
  const monitors = await import("@/lib/monitors/actions");
  const billing = await import("@/lib/billing/actions");
  const members = await import("@/lib/workspaces/actions");
  const profiles = await import("@/lib/profiles/actions");
  const idle = { status: "idle" } as never;

  /** Each action with its permission and a run that says whether the role was refused. */
  const ACTIONS: { name: string; permission: keyof typeof PERMISSIONS; refused(): Promise<boolean> }[] = [
    {
      name: "create key",
      permission: "keys.write",
      refused: async () => refusedState(await keys.createKeyAction(idle, form({ name: "k" }))),
    },
    {
      name: "revoke key",
      permission: "keys.write",
      refused: async () => refusedState(await keys.revokeKeyAction(idle, form({ keyId: "nope" }))),
    },
    {
      name: "rename key",
      permission: "keys.write",
      refused: async () => refusedState(await keys.renameKeyAction(idle, form({ keyId: "nope", name: "n" }))),
    },
    {
      name: "roll key",
      permission: "keys.write",
      refused: async () => refusedState(await keys.rollKeyAction(idle, form({ keyId: "nope" }))),
    },
    {
      name: "roll signing secret",
      permission: "keys.write",
      refused: async () => refusedState(await signing.rollSecretAction(idle, form({ keyId: "nope" }))),
    },
    {
      name: "key limits",
      permission: "keys.write",
      refused: async () => refusedState(await signing.keyLimitsAction(idle, form({ keyId: "nope" }))),
    },
    {
      name: "build signed URL",
      permission: "keys.write",
      refused: async () => refusedState(await signing.buildSignedUrlAction(idle, form({ keyId: "nope" }))),
    },
    {
      name: "save storage",
      permission: "storage.write",
      refused: async () => refusedState(await storage.saveStorageAction(idle, form())),
    },
    {
      name: "check storage",
      permission: "storage.write",
      refused: async () => refusedState(await storage.checkStorageAction(idle)),
    },
    {
      name: "save webhook URL",
      permission: "webhooks.write",
      refused: async () => refusedState(await webhooks.saveWebhookUrlAction(idle, form({ url: "" }))),
    },
    {
      name: "roll webhook secret",
      permission: "webhooks.write",
      refused: async () => refusedState(await webhooks.rollWebhookSecretAction(idle)),
    },
    {
      name: "test webhook",
      permission: "webhooks.write",
      refused: async () => refusedState(await webhooks.sendTestWebhookAction(idle)),
    },
    {
      name: "redeliver webhook",
      permission: "webhooks.write",
      refused: async () => refusedState(await webhooks.redeliverAction(idle, form({ id: "nope" }))),
    },
    {
      name: "save brand colour",
      permission: "templates.write",
      refused: async () =>
        refusedState(await brand.saveBrandAssetAction(idle, form({ kind: "color", name: "ink", value: "#112233" }))),
    },
    {
      name: "delete brand asset",
      permission: "templates.write",
      refused: async () => {
        const { saveBrandColor, listBrandAssets } = await import("@/lib/studio/brand-kit");
        await saveBrandColor(w.team, "gone", "#000000");
        await brand.deleteBrandAssetAction(form({ kind: "color", name: "gone" }));
        return (await listBrandAssets(w.team)).some((a) => a.name === "gone");
      },
    },
    {
      name: "delete profile",
      permission: "profiles.write",
      refused: async () => refusedState(await profiles.deleteProfileAction(idle, form({ name: "none" }))),
    },
    {
      name: "create monitor",
      permission: "monitors.write",
      refused: async () => refusedState(await monitors.createMonitorAction(idle, form({ url: "https://example.com" }))),
    },
    {
      name: "monitor action",
      permission: "monitors.write",
      refused: async () => refusedState(await monitors.monitorAction(idle, form({ id: "nope", op: "pause" }))),
    },
    {
      name: "checkout",
      permission: "billing.write",
      refused: async () =>
        (await redirectOf(() => billing.startCheckoutAction(form({ plan: "pro", interval: "month" })))).includes(
          "error=role",
        ),
    },
    {
      name: "billing portal",
      permission: "billing.write",
      refused: async () => (await redirectOf(() => billing.openPortalAction())).includes("error=role"),
    },
    {
      name: "keep keys",
      permission: "billing.write",
      refused: async () => (await redirectOf(() => billing.keepKeysAction(form()))).includes("error=role"),
    },
    {
      name: "change role",
      permission: "members.write",
      refused: async () =>
        refusedState(await members.changeRoleAction(idle, form({ userId: people.viewer.id, role: "viewer" }))),
    },
    {
      name: "remove member",
      permission: "members.write",
      refused: async () => refusedState(await members.removeMemberAction(idle, form({ userId: "nope" }))),
    },
    {
      name: "transfer ownership",
      permission: "owners.write",
      refused: async () => refusedState(await members.transferOwnershipAction(idle, form({ userId: "nope" }))),
    },
  ];

  for (const action of ACTIONS) {
    it.each(ROLES)(`${action.name} as %s`, async (role) => {
      await actAs(people[role], w.team);
      const allowed = (PERMISSIONS[action.permission] as readonly string[]).includes(role);
      expect(await action.refused()).toBe(!allowed);
    });
  }

  it("covers every permission an action needs", () => {
    const used = new Set(ACTIONS.map((a) => a.permission));
    for (const p of Object.keys(PERMISSIONS).filter((p) => !["read", "render", "audit.read"].includes(p))) {
      expect(used, p).toContain(p);
    }
  });
});

// Server actions that act for the person rather than a workspace, so not through dashboardAction.
const PERSON_ACTIONS: Record<string, string> = {
  switchWorkspaceAction: "sets the person's workspace cookie after checking the membership; changes no data",
  createTeamAction: "makes a new workspace, recording team.created in it",
  answerInvitationAction: "the invited person answers, recording member.joined in the workspace",
  deleteAccountAction: "the person deletes their own account, recording account.deleted in each team they leave",
};

describe("audit declarations", () => {
  it("every server action declares its audit entries (or why none) where it declares its permission", async () => {
    const { auditDeclarationOf, declaredAuditActions } = await import("@/lib/auth/dashboard-action");
    const root = path.resolve("lib");
    const files = (await readdir(root, { recursive: true })).filter((f) => /\.tsx?$/.test(f)).sort();
    let modules = 0;
    for (const file of files) {
      const source = await readFile(path.join(root, file), "utf8");
      if (!/^["']use server["']/.test(source)) continue;
      modules++;
      const made = source.match(/\bdashboard(?:Form)?Action\(/g)?.length ?? 0;
      const exports = Object.entries(await import(/* @vite-ignore */ path.join(root, file)));
      let declared = 0;
      for (const [name, value] of exports) {
        if (typeof value !== "function") continue;
        const declaration = auditDeclarationOf(value);
        if (!declaration) {
          expect(PERSON_ACTIONS, `lib/${file}: ${name} is a server action without an audit declaration`).toHaveProperty(
            name,
          );
          continue;
        }
        declared++;
        const none = typeof declaration === "object" && "none" in declaration ? declaration.none : "";
        expect(declaredAuditActions(declaration).length > 0 || none.length > 0, `lib/${file}: ${name}`).toBe(true);
      }
      // Every dashboardAction call in the module is an export that carries its declaration.
      expect(declared, `lib/${file}`).toBe(made);
    }
    expect(modules).toBeGreaterThanOrEqual(11);
  });

  it("an action that records an entry it did not declare is stopped before anything is written", async () => {
    const { withDeclaredAudit, recordAudit, listAudit } = await import("@/lib/audit/audit-log");
    const before = (await listAudit(w.team)).length;
    const actor = { id: people.owner.id, email: "owner@example.test" };
    await expect(
      withDeclaredAudit(["key.created"], () => recordAudit(w.team, actor, "key.revoked", "k")),
    ).rejects.toThrow(/records "key.revoked" but declares key.created/);
    await expect(withDeclaredAudit([], () => recordAudit(w.team, actor, "key.revoked"))).rejects.toThrow(
      /declares no audit entry/,
    );
    expect((await listAudit(w.team)).length).toBe(before);
  });
});

describe("the webhook signing secret", () => {
  it("is read for the roles that manage webhooks and for no other", async () => {
    const { webhookSettings, webhookSettingsFor } = await import("@/lib/webhooks/settings");
    const { couldSeeWebhookSecret } = await import("@/lib/auth/roles");
    const { secret } = await webhookSettings(w.team);
    for (const role of ROLES) {
      const shown = (await webhookSettingsFor(w.team, role)).secret;
      expect(shown, role).toBe(["owner", "admin", "developer"].includes(role) ? secret : null);
      expect(couldSeeWebhookSecret(role), role).toBe(shown !== null);
    }
  });
});
