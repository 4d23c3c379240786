/**
 * The audit log (D28) on real PostgreSQL: dashboard actions record who did what (never a secret),
 * monitors, the brand kit, OG templates, connected apps and webhook sends included, with the
 * sentence the audit page shows; a plan change is recorded with no person, owners and admins read
 * it while others get the page's 404, and rows past AUDIT_RETENTION_DAYS are neither shown nor
 * kept. Next's request scope is stood in for as in roles.test.ts.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import { testEnvironment } from "@/tests/support/test-env";

const scope = vi.hoisted(() => ({ headers: new Headers(), cookies: new Map<string, string>() }));
vi.mock("next/headers", () => ({
  headers: async () => scope.headers,
  cookies: async () => ({
    get: (name: string) => (scope.cookies.has(name) ? { name, value: scope.cookies.get(name) } : undefined),
    set: (name: string, value: string) => void scope.cookies.set(name, value),
  }),
}));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));

const APP_URL = "http://localhost:3000";
let team: string;
const people: Record<string, { id: string; token: string }> = {};

// Port 9 (discard): nothing is sent there; monitors and the webhook URL only need it accepted.
const TARGET = "http://127.0.0.1:9";
testEnvironment({ extra: { APP_URL, ALLOW_PRIVATE_ORIGINS: TARGET } });

beforeAll(async () => {
  const { getDb } = await import("@/lib/db");
  const db = await getDb();
  for (const role of ["owner", "admin", "developer"]) {
    const user = await db.user.create({ data: { email: `${role}@example.test` } });
    await db.session.create({
      data: { sessionToken: `tok_${role}`, userId: user.id, expires: new Date(Date.now() + 3_600_000) },
    });
    people[role] = { id: user.id, token: `tok_${role}` };
  }
  const { createTeam } = await import("@/lib/workspaces/members");
  team = await createTeam(people.owner.id, "Acme");
  await db.workspaceMember.createMany({
    data: [
      { workspaceId: team, userId: people.admin.id, role: "admin" },
      { workspaceId: team, userId: people.developer.id, role: "developer" },
    ],
  });
});

async function actAs(role: string): Promise<void> {
  const { sessionCookieName } = await import("@/lib/auth/constants");
  const { workspaceCookieName } = await import("@/lib/auth/workspace");
  scope.headers = new Headers({ origin: APP_URL });
  scope.cookies = new Map([
    [sessionCookieName(), people[role].token],
    [workspaceCookieName(), team],
  ]);
}

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
};

describe("audit log", () => {
  it("records keys, secrets, roles and plan changes with who did them", async () => {
    const { createKeyAction, revokeKeyAction } = await import("@/lib/keys/actions");
    const { rollWebhookSecretAction } = await import("@/lib/webhooks/actions");
    const { changeRoleAction } = await import("@/lib/workspaces/actions");
    await actAs("developer");
    const created = await createKeyAction({ status: "idle" }, form({ name: "ci" }));
    expect(created, JSON.stringify(created)).toMatchObject({ status: "created" });
    const keyId = (created as { id: string }).id;
    await revokeKeyAction({ status: "idle" }, form({ keyId }));
    await rollWebhookSecretAction({ status: "idle" });
    await actAs("owner");
    await changeRoleAction({ status: "idle" }, form({ userId: people.developer.id, role: "viewer" }));
    const { withAccountLock, setPlanNow } = await import("@/lib/accounts/plan-change");
    await withAccountLock(team, (tx) => setPlanNow(tx, team, "pro"));

    const { listAudit } = await import("@/lib/audit/audit-log");
    const entries = (await listAudit(team)).reverse();
    expect(entries.map((e) => [e.action, e.actor, e.target])).toEqual([
      // Keys and people by name, never by their internal ids (#51).
      ["key.created", "developer@example.test", expect.stringMatching(/^key "ci" \(sk_live_\w{4}…\w{4}\)$/)],
      ["key.revoked", "developer@example.test", expect.stringMatching(/^key "ci" \(sk_live_\w{4}…\w{4}\)$/)],
      ["webhook.secret_rolled", "developer@example.test", null],
      ["member.role_changed", "owner@example.test", "developer@example.test"],
      ["plan.changed", "Glance", null],
    ]);
    expect(entries.at(-1)!.detail).toEqual({ from: "free", to: "pro" });
    // The key's plaintext is in no entry.
    expect(JSON.stringify(entries)).not.toContain((created as { key: string }).key);
  });

  it("records monitors, the brand kit, templates, connected apps and webhook sends, each in words", async () => {
    const { getDb } = await import("@/lib/db");
    const db = await getDb();
    // Monitors and templates need a plan that has them; set directly, so no plan.changed entry.
    await db.user.update({ where: { id: team }, data: { plan: "business" } });
    const idle = { status: "idle" } as never;
    const { createMonitorAction, monitorAction } = await import("@/lib/monitors/actions");
    const { saveBrandAssetAction, deleteBrandAssetAction } = await import("@/lib/studio/brand-actions");
    const { saveWebhookUrlAction, sendTestWebhookAction, redeliverAction } = await import("@/lib/webhooks/actions");
    const { disconnectAppAction } = await import("@/lib/mcp/oauth/actions");
    const { handleStudioRequest } = await import("@/lib/studio/dashboard-api");
    const { listAudit } = await import("@/lib/audit/audit-log");
    const since = new Date();
    // The first test made the developer a viewer: the admin acts here.
    await actAs("admin");

    const created = await createMonitorAction(
      idle,
      form({ url: `${TARGET}/page?token=s3cret`, name: "Home", interval: "3600" }),
    );
    expect(created, JSON.stringify(created)).toMatchObject({ status: "created" });
    const monitorId = (created as { id: string }).id;
    for (const op of ["pause", "resume", "delete"])
      expect(await monitorAction(idle, form({ id: monitorId, op }))).toMatchObject({ status: "done" });

    expect(await saveBrandAssetAction(idle, form({ kind: "color", name: "ink", value: "#112233" }))).toMatchObject({
      status: "saved",
    });
    await deleteBrandAssetAction(form({ kind: "color", name: "ink" }));

    const { sessionCookieName } = await import("@/lib/auth/constants");
    const { workspaceCookieName } = await import("@/lib/auth/workspace");
    const cookie = `${sessionCookieName()}=${people.admin.token}; ${workspaceCookieName()}=${team}`;
    const studio = (body: unknown) =>
      handleStudioRequest(
        new Request(`${APP_URL}/api/studio`, {
          method: "POST",
          headers: { origin: APP_URL, cookie },
          body: JSON.stringify(body),
        }),
      );
    const source = `<div style="width: 100%; height: 100%; background-color: #ffffff"></div>`;
    for (const body of [
      { action: "save", name: "promo", source },
      { action: "save", name: "promo", source: source.replace("#ffffff", "#000000") },
      { action: "restore", name: "promo", version: 1 },
      { action: "delete", name: "promo" },
    ])
      expect((await studio(body)).status, JSON.stringify(body)).toBe(200);

    expect(await saveWebhookUrlAction(idle, form({ url: `${TARGET}/hooks` }))).toMatchObject({ status: "saved" });
    const sent = await sendTestWebhookAction(idle);
    expect(sent).toMatchObject({ status: "sent" });
    const deliveryId = (sent as { id: string }).id;
    await db.webhookDelivery.update({ where: { id: deliveryId }, data: { state: "failed" } });
    expect(await redeliverAction(idle, form({ deliveryId }))).toMatchObject({ status: "queued" });

    // A connected MCP app (D25) of this workspace, disconnected from the keys page.
    const oauth = await import("@/lib/keys/oauth-grants");
    await oauth.insertGrant(
      (await oauth.insertClient("Claude Desktop", ["http://127.0.0.1/cb"])).id,
      team,
      people.admin.id,
    );
    const [grant] = await oauth.listGrants(team);
    await disconnectAppAction(form({ grant: grant!.id })).catch(() => undefined); // answers by redirecting

    const entries = (await listAudit(team)).filter((e) => e.at >= since).reverse();
    expect(entries.map((e) => [e.actor, e.text, e.target, e.detail])).toEqual([
      ["admin@example.test", "created a monitor", monitorId, { name: "Home", host: "127.0.0.1:9" }],
      ["admin@example.test", "paused a monitor", monitorId, { name: "Home", host: "127.0.0.1:9" }],
      ["admin@example.test", "resumed a monitor", monitorId, { name: "Home", host: "127.0.0.1:9" }],
      ["admin@example.test", "deleted a monitor", monitorId, { name: "Home", host: "127.0.0.1:9" }],
      ["admin@example.test", "saved a brand kit asset", "ink", { kind: "color" }],
      ["admin@example.test", "deleted a brand kit asset", "ink", { kind: "color" }],
      ["admin@example.test", "saved an OG template", "promo", { version: 1 }],
      ["admin@example.test", "saved an OG template", "promo", { version: 2 }],
      ["admin@example.test", "restored an OG template's version", "promo", { from: 1, version: 3 }],
      ["admin@example.test", "deleted an OG template", "promo", null],
      ["admin@example.test", "changed the webhook URL", null, { url: `${TARGET}/hooks` }],
      ["admin@example.test", "sent a test webhook", deliveryId, null],
      ["admin@example.test", "sent a webhook delivery again", deliveryId, null],
      ["admin@example.test", "disconnected an MCP app", grant!.id, { app: "Claude Desktop" }],
    ]);
    // The monitor's URL carried a token: the log keeps its host only.
    expect(JSON.stringify(entries)).not.toContain("s3cret");
  });

  it("is read by owners and admins only: the page is a 404 for the other roles", async () => {
    const { requireWorkspace } = await import("@/lib/auth/workspace");
    for (const [role, allowed] of [
      ["owner", true],
      ["admin", true],
      ["developer", false],
    ] as const) {
      await actAs(role);
      const outcome = await requireWorkspace("/dashboard/team/audit", "audit.read").then(
        () => "shown",
        (error: { digest?: string }) => error.digest ?? String(error),
      );
      expect(outcome, role).toBe(allowed ? "shown" : "NEXT_HTTP_ERROR_FALLBACK;404");
    }
  });

  it(`keeps entries for the retention period, then prunes them`, async () => {
    const { AUDIT_RETENTION_DAYS, listAudit, pruneAudit, recordAudit } = await import("@/lib/audit/audit-log");
    const { getDb } = await import("@/lib/db");
    const db = await getDb();
    await recordAudit(team, null, "storage.removed");
    const old = new Date(Date.now() - (AUDIT_RETENTION_DAYS + 1) * 86_400_000);
    await db.auditEvent.updateMany({
      where: { workspaceId: team, action: "storage.removed" },
      data: { createdAt: old },
    });
    expect((await listAudit(team)).some((e) => e.action === "storage.removed")).toBe(false);
    expect(await pruneAudit()).toBe(1);
    expect(await db.auditEvent.count({ where: { action: "storage.removed" } })).toBe(0);
    expect(await db.auditEvent.count({ where: { workspaceId: team } })).toBeGreaterThan(0);
  });
});
