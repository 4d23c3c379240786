/**
 * The embedded database under concurrent use: pooled connections of the owning process and a
 * second process's connection, all with parameterised (extended-protocol) queries and
 * transactions at the same time. Interleaving inside an exchange would make Postgres refuse
 * a Bind or mix transactions.
 */
import pg from "pg";
import { describe, expect, it } from "vitest";
import { testEnvironment } from "@/tests/support/test-env";
import { createTestAccount } from "@/tests/support/api";

describe("embedded database concurrency", () => {
  testEnvironment({ database: "embedded" });

  it("keeps parameterised queries and transactions apart across connections", async () => {
    const account = await createTestAccount({ plan: "business" });
    const { getDb, databaseUrl } = await import("@/lib/db");
    const { createApiKey, findKeyOwner } = await import("@/lib/keys/service");
    const db = await getDb();
    const outsider = new pg.Pool({ connectionString: await databaseUrl(), max: 4 });
    try {
      const work = [
        ...Array.from({ length: 40 }, (_, i) =>
          db.user.findMany({ where: { email: { contains: String(i % 7) } }, take: 3 }),
        ),
        ...Array.from({ length: 10 }, (_, i) => createApiKey(account.userId, `k${i}`)),
        // Different statements with different parameter counts, so any mix-up shows.
        ...Array.from({ length: 60 }, (_, i) => {
          const n = (i % 3) + 1;
          const sql = `SELECT ${Array.from({ length: n }, (_, j) => `$${j + 1}::int`).join(" + ")} AS sum, ${n} AS n`;
          return outsider
            .query(
              sql,
              Array.from({ length: n }, () => i),
            )
            .then((r) => {
              expect(r.rows[0]).toEqual({ sum: i * n, n });
            });
        }),
        ...Array.from({ length: 20 }, () => findKeyOwner(`sk_live_${"Z".repeat(32)}`)),
      ];
      const results = await Promise.allSettled(work);
      const failures = results.filter((r) => r.status === "rejected") as PromiseRejectedResult[];
      expect(failures.map((f) => String(f.reason))).toEqual([]);
      const keys = await db.apiKey.count({ where: { userId: account.userId } });
      expect(keys).toBe(11);
    } finally {
      await outsider.end();
    }
  });

  it("rolls back a transaction whose connection dies, and lets others go on", async () => {
    const { databaseUrl, getDb } = await import("@/lib/db");
    const client = new pg.Client({ connectionString: await databaseUrl() });
    await client.connect();
    await client.query("BEGIN");
    await client.query("INSERT INTO users (id, email) VALUES ('dangling', 'dangling@example.test')");
    client.end(); // no COMMIT
    const db = await getDb();
    expect(await db.user.findUnique({ where: { id: "dangling" } })).toBeNull();
  });
});
