/**
 * The admin command (D12) against the embedded default while another process owns the
 * database — the situation of an operator next to a running server.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { testEnvironment } from "@/tests/support/test-env";

const run = promisify(execFile);

describe("npm run admin on the embedded default, while this process owns the database", () => {
  const env = testEnvironment({ database: "embedded" });

  beforeAll(async () => {
    const { getDb } = await import("@/lib/db");
    await getDb(); // this test process now owns the PGlite files, like a running server
  });

  async function admin(...args: string[]) {
    return run("node", ["--conditions=react-server", "--import", "tsx", "scripts/admin.ts", ...args], {
      env: { ...process.env, DATA_DIR: env.current.dataDir, LOG_LEVEL: "silent" },
      timeout: 60_000,
    });
  }

  it("creates a user, sets the plan, creates, lists, rolls and revokes a key", async () => {
    await admin("create-user", "--email", "Ops@Example.test");
    await admin("set-plan", "--email", "ops@example.test", "--plan", "pro");
    // create-user for an existing user sets the plan it names, and keeps it when it names none.
    expect((await admin("create-user", "--email", "ops@example.test")).stdout).toContain("on plan pro");
    expect((await admin("create-user", "--email", "ops@example.test", "--plan", "starter")).stdout).toContain(
      "on plan starter",
    );
    const created = await admin("create-key", "--email", "ops@example.test", "--name", "ci");
    const key = created.stdout.match(/sk_live_[A-Za-z0-9]{32}/)?.[0];
    expect(key).toBeDefined();

    // The server side (this process) sees the operator's changes at once.
    const { findKeyOwner } = await import("@/lib/keys/service");
    const owner = await findKeyOwner(key!);
    expect(owner).toMatchObject({ plan: "starter", revoked: false });
    // D15: the public id and the signing secret are printed once, and the secret is the server's derivation.
    const publicId = created.stdout.match(/pk_live_[A-Za-z0-9]{24}/)?.[0];
    const signingSecret = created.stdout.match(/ss_live_[A-Za-z0-9_-]{43}/)?.[0];
    expect(publicId).toBe(owner!.publicId);
    const { deriveSigningSecret } = await import("@/lib/keys/signing-secret");
    expect(signingSecret).toBe(await deriveSigningSecret(owner!.publicId, owner!.signingNonce!));

    const listed = await admin("list-keys", "--email", "ops@example.test");
    expect(listed.stdout).toContain(`sk_live_${key!.slice(8, 12)}…${key!.slice(-4)}`);
    expect(listed.stdout).not.toContain(key!); // the full key is never shown again
    expect(listed.stdout).toContain(publicId!);
    expect(listed.stdout).not.toContain(signingSecret!);

    // roll-key (D5): by the plaintext, then by the id; the same key, each old secret unknown at once.
    const byKey = (await admin("roll-key", "--key", key!)).stdout.match(/sk_live_[A-Za-z0-9]{32}/)?.[0];
    expect(await findKeyOwner(key!)).toBeNull();
    expect(await findKeyOwner(byKey!)).toMatchObject({ apiKeyId: owner!.apiKeyId, revoked: false });
    const byId = (await admin("roll-key", "--key", owner!.apiKeyId)).stdout.match(/sk_live_[A-Za-z0-9]{32}/)?.[0];
    expect(await findKeyOwner(byKey!)).toBeNull();
    expect(await findKeyOwner(byId!)).toMatchObject({ apiKeyId: owner!.apiKeyId, publicId });

    const revoked = await admin("revoke-key", "--key", byId!);
    expect(revoked.stdout).toContain("key revoked");
    expect((await findKeyOwner(byId!))?.revoked).toBe(true);
    expect((await admin("roll-key", "--key", byId!)).stdout).toContain("no active key matches");
    // Ten node + tsx processes in a row: a budget for a busy machine, not a time to meet.
  }, 240_000);

  it("sets a team's plan by --workspace (slug or id) and leaves its owner's own plan alone", async () => {
    const { getDb } = await import("@/lib/db");
    const { createTeam } = await import("@/lib/workspaces/members");
    const db = await getDb();
    const owner = await db.user.create({ data: { email: "team-owner@example.test", plan: "business" } });
    const team = await createTeam(owner.id, "Acme Façade Inc.");
    // Another team whose name gives the same slug: the slug alone cannot name either.
    const twin = await createTeam(owner.id, "acme facade inc");

    // A new team starts on Free whatever its owner's plan (billed separately, D18).
    expect((await db.user.findUniqueOrThrow({ where: { id: team } })).plan).toBe("free");
    const listed = await admin("list-workspaces", "--email", "team-owner@example.test");
    expect(listed.stdout).toContain(
      `${team}\tteam\tacme-facade-inc\tfree\tAcme Façade Inc.\towners team-owner@example.test`,
    );
    expect(listed.stdout).toContain(`${owner.id}\tpersonal\tteam-owner@example.test\tbusiness`);

    const ambiguous = await admin("set-plan", "--workspace", "acme-facade-inc", "--plan", "pro").catch((e) => e);
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stderr).toContain(`2 teams have the slug acme-facade-inc: name one by id (${team}, ${twin})`);

    await db.user.update({ where: { id: twin }, data: { name: "Other" } });
    const bySlug = await admin("set-plan", "--workspace", "acme-facade-inc", "--plan", "pro");
    expect(bySlug.stdout).toContain(`team "Acme Façade Inc." (acme-facade-inc, ${team}) is now on plan pro`);
    expect((await db.user.findUniqueOrThrow({ where: { id: team } })).plan).toBe("pro");
    await admin("set-plan", "--workspace", twin, "--plan", "starter");
    expect((await db.user.findUniqueOrThrow({ where: { id: twin } })).plan).toBe("starter");
    // The owner's personal workspace keeps its own plan.
    expect((await db.user.findUniqueOrThrow({ where: { id: owner.id } })).plan).toBe("business");
    // The change is in the team's audit log, by "Glance" (the operator's command).
    const { listAudit } = await import("@/lib/audit/audit-log");
    expect((await listAudit(team)).find((e) => e.action === "plan.changed")?.detail).toEqual({
      from: "free",
      to: "pro",
    });

    const unknown = await admin("set-plan", "--workspace", "nobody", "--plan", "pro").catch((e) => e);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("no workspace with id or slug nobody");
  }, 240_000);

  it("rejects bad input with a usage message and exit code 2", async () => {
    const failure = await admin("set-plan", "--email", "ops@example.test", "--plan", "gold").catch((e) => e);
    expect(failure.code).toBe(2);
    expect(failure.stderr).toContain("--plan must be one of free, starter, pro, business");
  });
});
