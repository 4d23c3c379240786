/**
 * The billing role's choice of keys after a downgrade (D28, D18): it pauses no key the plan has
 * room for, and the choice is in the audit log; the keys a removal ends or keeps are in it too,
 * by the names of the keys and the person (#51). Next's request scope is the one thing stood in
 * for (./support.ts); the rest is real.
 */
import { describe, expect, it, vi } from "vitest";
import { actAs, form, redirectOf, teamOfEveryRole } from "./support";

vi.mock("next/headers", async () => (await import("./support")).nextHeadersStandIn);
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));
const { people } = teamOfEveryRole();

describe("keeping keys after a downgrade, as the billing member", () => {
  it("chooses which keys the plan pauses, never pauses one it has room for, and is in the audit log", async () => {
    const { getDb } = await import("@/lib/db");
    const { createTeam } = await import("@/lib/workspaces/members");
    const { createApiKey, revokeApiKey } = await import("@/lib/keys/service");
    const { withAccountLock, setPlanNow } = await import("@/lib/accounts/plan-change");
    const { keepKeysAction } = await import("@/lib/billing/actions");
    const { listAudit } = await import("@/lib/audit/audit-log");
    const db = await getDb();
    const team = await createTeam(people.owner.id, "Downgraded");
    await db.user.update({ where: { id: team }, data: { plan: "business" } });
    await db.workspaceMember.create({ data: { workspaceId: team, userId: people.billing.id, role: "billing" } });
    const ids: string[] = [];
    for (const name of ["first", "second", "third"]) ids.push((await createApiKey(team, name)).apiKey.id);
    // Free allows 2 active keys: the plan change pauses the newest.
    await withAccountLock(team, (tx) => setPlanNow(tx, team, "free"));
    const pausedOnes = async () =>
      (await db.apiKey.findMany({ where: { userId: team, revokedAt: null, pausedAt: { not: null } } })).map(
        (k) => k.id,
      );
    expect(await pausedOnes()).toEqual([ids[2]]);
    const keep = (...chosen: string[]) => {
      const data = new FormData();
      for (const id of chosen) data.append("keep", id);
      return redirectOf(() => keepKeysAction(data));
    };
    const kept = async () => (await listAudit(team)).filter((e) => e.action === "keys.kept");

    await actAs(people.billing, team);
    // Keeping one key would pause one the plan has room for.
    expect(await keep(ids[0]!)).toBe("/dashboard/keys?keep-error=too-few");
    expect(await keep(ids[0]!, ids[1]!, ids[2]!)).toBe("/dashboard/keys?keep-error=too-many");
    expect(await pausedOnes()).toEqual([ids[2]]);
    expect(await kept()).toEqual([]);

    // Which two stay is the billing member's choice, recorded with who made it.
    expect(await keep(ids[0]!, ids[2]!)).toBe("/dashboard/keys");
    expect(await pausedOnes()).toEqual([ids[1]]);
    const entries = await kept();
    // The keys by name, never by their internal ids (#51).
    const named = async (id: string) => {
      const key = await db.apiKey.findUniqueOrThrow({ where: { id } });
      return `key "${key.name}" (${key.display})`;
    };
    expect(entries.map((e) => [e.actor, e.text, e.detail])).toEqual([
      [
        "billing@example.test",
        "chose the keys kept active after a downgrade",
        {
          kept: `${await named(ids[0]!)}, ${await named(ids[2]!)}`,
          paused: await named(ids[1]!),
          resumed: await named(ids[2]!),
        },
      ],
    ]);

    // Once every key fits (one revoked), no key can be paused through this action.
    await revokeApiKey(team, ids[1]!);
    expect(await keep(ids[0]!)).toBe("/dashboard/keys?keep-error=too-few");
    expect(await pausedOnes()).toEqual([]);
    expect(await keep(ids[0]!, ids[2]!)).toBe("/dashboard/keys");
    expect(await kept()).toHaveLength(1); // nothing changed, nothing recorded
  });

  it("names the removed member, not their id, in the entries of the keys the removal ended or kept (#51)", async () => {
    const { getDb } = await import("@/lib/db");
    const { createTeam } = await import("@/lib/workspaces/members");
    const { createKeyAction } = await import("@/lib/keys/actions");
    const { removeMemberAction } = await import("@/lib/workspaces/actions");
    const { listAudit } = await import("@/lib/audit/audit-log");
    const db = await getDb();
    const team = await createTeam(people.owner.id, "Removal names");
    await db.workspaceMember.create({ data: { workspaceId: team, userId: people.developer.id, role: "developer" } });
    await actAs(people.developer, team);
    const made: string[] = [];
    for (const name of ["theirs", "kept"]) {
      const created = await createKeyAction({ status: "idle" }, form({ name }));
      made.push((created as { id: string }).id);
    }
    await actAs(people.owner, team);
    const removal = form({ userId: people.developer.id });
    removal.append("keep", made[1]!);
    expect(await removeMemberAction({ status: "idle" } as never, removal)).toMatchObject({ status: "done" });
    const entries = await listAudit(team);
    expect(entries.find((e) => e.action === "key.revoked")?.detail).toEqual({
      reason: "member access ended",
      member: "developer@example.test",
    });
    expect(entries.find((e) => e.action === "key.kept")?.detail).toEqual({ formerMaker: "developer@example.test" });
  });
});
