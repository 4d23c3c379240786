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
    const run = promisify(execFile);
    const admin = (...args: string[]) =>
      run("node", ["--conditions=react-server", "--import", "tsx", "scripts/admin.ts", ...args], {
        env: { ...process.env, LOG_LEVEL: "silent" },
        timeout: 60_000,
      });
    const { stdout } = await admin("create-connector", "--email", "owner@example.test", "--name", "ops");
    const token = stdout.trimEnd().split("\n").at(-1)!;
    expect(token).toMatch(TOKEN);
    const { findConnectorByToken } = await import("@/lib/keys/connectors");
    expect(await findConnectorByToken(token)).toMatchObject({ workspaceId: people.owner.id, name: "ops" });
    expect((await admin("revoke-connector", "--token", token)).stdout).toContain("connector revoked");
    expect(await findConnectorByToken(token)).toBeNull();
    // Two node + tsx processes: a budget for a busy machine, not a time to meet.
  }, 120_000);
});
