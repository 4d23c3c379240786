/**
 * Applies prisma/migrations/*.sql in name order, once each, recording them in `_migrations`.
 * Prisma's migrate engine cannot be downloaded here, so this small runner is the only way the
 * schema changes — on the embedded database and on Postgres alike. Safe to run concurrently:
 * an advisory lock serialises runners.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";

const LOCK_ID = 727_105_001; // arbitrary, fixed: identifies "Glance migrations" among advisory locks

// The folder is spelled out at each call, not passed in: a path the build can read statically lets
// it trace exactly prisma/migrations into a standalone deployment (which needs them) instead of
// the whole project.
async function listMigrations(): Promise<string[]> {
  return (await readdir(path.join(process.cwd(), "prisma", "migrations"))).filter((f) => f.endsWith(".sql")).sort();
}

export async function migrate(connectionString: string): Promise<string[]> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  const applied: string[] = [];
  try {
    await client.query("BEGIN");
    await client.query("SELECT pg_advisory_xact_lock($1)", [LOCK_ID]);
    await client.query(
      `CREATE TABLE IF NOT EXISTS "_migrations" (name TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`,
    );
    const done = new Set(
      (await client.query<{ name: string }>(`SELECT name FROM "_migrations"`)).rows.map((r) => r.name),
    );
    for (const file of await listMigrations()) {
      if (done.has(file)) continue;
      await client.query(await readFile(path.join(process.cwd(), "prisma", "migrations", file), "utf8"));
      await client.query(`INSERT INTO "_migrations" (name) VALUES ($1)`, [file]);
      applied.push(file);
    }
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
  return applied;
}
