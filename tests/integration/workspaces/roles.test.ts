/**
 * Roles (D28) enforced on the server, every dashboard action for every role: a table of actions,
 * each run as each role of a team workspace on real PostgreSQL, allowed exactly when
 * lib/auth/roles.ts says so. Next's request scope is the one thing stood in for (./support.ts);
 * everything behind it (sessions, memberships, the data) is real. Session routes and other
 * workspaces' data are in roles-sessions.test.ts.
 */
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
  const signing = await import("@/lib/keys/signing-actions");
  const storage = await import("@/lib/storage/actions");
  const webhooks = await import("@/lib/webhooks/actions");
  const brand = await import("@/lib/studio/brand-actions");
  const monitors = await import("@/lib/monitors/actions");
  const billing = await import("@/lib/billing/actions");
  const members = await import("@/lib/workspaces/actions");
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
