/**
 * Connector tokens (D42, issue 46 (a)): created in the dashboard and by the admin command, shown
 * once, stored as a SHA-256, revocable; each write is in the audit log; a token ends with its
 * workspace and with the member who made it (their removal or a role without keys.write), like
 * their keys (D28). Real PostgreSQL; Next's request scope stood in for as in the workspace tests.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { describe, expect, it, vi } from "vitest";
import { actAs, form, teamOfEveryRole } from "@/tests/integration/workspaces/support";

vi.mock("next/headers", async () => (await import("@/tests/integration/workspaces/support")).nextHeadersStandIn);
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));

const w = teamOfEveryRole();
const people = w.people;
const idle = { status: "idle" } as never;
const TOKEN = /^ct_live_[A-Za-z0-9]{40}$/;
const run = promisify(execFile);
const admin = (...args: string[]) =>
  run("node", ["--conditions=react-server", "--import", "tsx", "scripts/admin.ts", ...args], {
    env: { ...process.env, LOG_LEVEL: "silent" },
    timeout: 60_000,
  });

async function create(who: keyof typeof people, name: string) {
  await actAs(people[who], w.team);
  const { createConnectorAction } = await import("@/lib/keys/connector-actions");
  return createConnectorAction(idle, form({ name }));
}

describe("connector tokens", () => {
  it("are shown once, stored hashed, found by the token and refused once revoked; each write audited", async () => {
    const created = await create("developer", "  staging   net ");
    if (created.status !== "created") throw new Error(JSON.stringify(created));
    expect(created.token).toMatch(TOKEN);
    expect(created.name).toBe("staging net");
    const { getDb } = await import("@/lib/db");
    const row = await (await getDb()).connector.findUniqueOrThrow({ where: { id: created.id } });
    // Only the hash is stored; nothing in the row is the token.
    expect(row.tokenHash).toBe(createHash("sha256").update(created.token).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(created.token.slice(8));
    expect(row).toMatchObject({ userId: w.team, createdBy: people.developer.id });

    const { findConnectorByToken, listConnectors } = await import("@/lib/keys/connectors");
    expect(await findConnectorByToken(created.token)).toEqual({
      id: created.id,
      workspaceId: w.team,
      name: "staging net",
    });
    expect(await findConnectorByToken(`${created.token.slice(0, -1)}x`)).toBeNull();
    expect(JSON.stringify(await listConnectors(w.team))).not.toContain(created.token.slice(8));

    // Another workspace's member cannot revoke it: answered like an unknown id.
    const { revokeConnectorAction } = await import("@/lib/keys/connector-actions");
    await actAs(people.outsider, people.outsider.id);
    expect(await revokeConnectorAction(idle, form({ connectorId: created.id }))).toMatchObject({ status: "error" });
    expect(await findConnectorByToken(created.token)).not.toBeNull();

    await actAs(people.owner, w.team);
    expect(await revokeConnectorAction(idle, form({ connectorId: created.id }))).toEqual({
      status: "revoked",
      id: created.id,
    });
    expect(await findConnectorByToken(created.token)).toBeNull();
    const { listAudit } = await import("@/lib/audit/audit-log");
    const entries = (await listAudit(w.team)).filter((e) => e.action.startsWith("connector."));
    expect(entries.map((e) => [e.action, e.target])).toEqual([
      ["connector.revoked", `connector "staging net" (${row.display})`],
      ["connector.created", `connector "staging net" (${row.display})`],
    ]);
  });

  it("a role without keys.write cannot create one", async () => {
    for (const role of ["billing", "viewer"] as const)
      expect(await create(role, "nope")).toMatchObject({ status: "error" });
  });

  it("end with the member who made them (removal, a role without keys.write); the owner's stay", async () => {
    const byAdmin = await create("admin", "admin's");
    const byDeveloper = await create("developer", "developer's");
    const byOwner = await create("owner", "owner's");
    if (byAdmin.status !== "created" || byDeveloper.status !== "created" || byOwner.status !== "created")
      throw new Error("not created");
    const { findConnectorByToken } = await import("@/lib/keys/connectors");
    const { removeMemberAction, changeRoleAction } = await import("@/lib/workspaces/actions");
    await actAs(people.owner, w.team);
    expect(await removeMemberAction(idle, form({ userId: people.admin.id }))).toMatchObject({
      status: "done",
      message: expect.stringContaining("1 connector(s) revoked"),
    });
    expect(await findConnectorByToken(byAdmin.token)).toBeNull();
    expect(await findConnectorByToken(byDeveloper.token)).not.toBeNull();
    await changeRoleAction(idle, form({ userId: people.developer.id, role: "viewer" }));
    expect(await findConnectorByToken(byDeveloper.token)).toBeNull();
    expect(await findConnectorByToken(byOwner.token)).not.toBeNull();
    const { listAudit } = await import("@/lib/audit/audit-log");
    // Newest first: the two this test's changes ended, then the first test's revoke by hand.
    const revoked = (await listAudit(w.team)).filter((e) => e.action === "connector.revoked");
    expect(revoked.map((e) => e.detail?.reason)).toEqual(["member access ended", "member access ended", undefined]);
  });

  it("end with their workspace", async () => {
    const { getDb } = await import("@/lib/db");
    const { createConnector, findConnectorByToken } = await import("@/lib/keys/connectors");
    const db = await getDb();
    const gone = await db.user.create({ data: { email: "gone@example.test" } });
    const { token } = await createConnector(gone.id, "soon gone");
    expect(await findConnectorByToken(token)).not.toBeNull();
    await db.user.delete({ where: { id: gone.id } });
    expect(await findConnectorByToken(token)).toBeNull();
  });

  it("npm run admin -- create-connector prints the token alone on its last line", async () => {
    const { stdout } = await admin("create-connector", "--email", "owner@example.test", "--name", "ops");
    const token = stdout.trimEnd().split("\n").at(-1)!;
    expect(token).toMatch(TOKEN);
    const { findConnectorByToken } = await import("@/lib/keys/connectors");
    expect(await findConnectorByToken(token)).toMatchObject({ workspaceId: people.owner.id, name: "ops" });
    expect((await admin("revoke-connector", "--token", token)).stdout).toContain("connector revoked");
    expect(await findConnectorByToken(token)).toBeNull();
    // Two node + tsx processes: a budget for a busy machine, not a time to meet.
  }, 120_000);

  it("are limited per plan (D42): the dashboard and the admin command refuse one more, a revoked one does not count", async () => {
    const { getDb } = await import("@/lib/db");
    const db = await getDb();
    // The outsider's own workspace, on the Free plan: one connector.
    const mine = people.outsider.id;
    await actAs(people.outsider, mine);
    const { createConnectorAction, revokeConnectorAction } = await import("@/lib/keys/connector-actions");
    const first = await createConnectorAction(idle, form({ name: "one" }));
    if (first.status !== "created") throw new Error(JSON.stringify(first));
    expect(await createConnectorAction(idle, form({ name: "two" }))).toEqual({
      status: "error",
      message:
        "The Free plan allows 1 active connector per workspace. Revoke one to create another, or upgrade: the Starter plan allows 2.",
    });
    expect(await db.connector.count({ where: { userId: mine } })).toBe(1);
    // A revoked connector frees its place.
    expect(await revokeConnectorAction(idle, form({ connectorId: first.id }))).toMatchObject({ status: "revoked" });
    expect(await createConnectorAction(idle, form({ name: "again" }))).toMatchObject({ status: "created" });
    // Starter allows two: one more, then the admin command is refused with the plan's words, exit code 1.
    await db.user.update({ where: { id: mine }, data: { plan: "starter" } });
    expect(await createConnectorAction(idle, form({ name: "pair" }))).toMatchObject({ status: "created" });
    const refused = await admin("create-connector", "--email", "outsider@example.test").catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 1, stdout: "" });
    expect((refused as { stderr: string }).stderr).toContain(
      "error: The Starter plan allows 2 active connectors per workspace. Revoke one to create another, or upgrade: the Pro plan allows 5.",
    );
    expect(await db.connector.count({ where: { userId: mine, revokedAt: null } })).toBe(2);
  }, 60_000);
});
