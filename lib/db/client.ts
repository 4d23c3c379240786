/**
 * The database connection (D12): Postgres from DATABASE_URL, or the embedded database under DATA_DIR.
 * The rest of the code reaches it through lib/db (the Prisma client) or lib/db/pool.ts (raw SQL).
 * Both go through the same driver adapter (@prisma/adapter-pg), so no engine binary is needed
 * and the code path is identical. Migrations are applied once per process before first use.
 */
import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "@/generated/prisma/client";
import { env } from "@/lib/env";
import { embeddedDatabaseUrl } from "@/lib/db/embedded";
import { migrate } from "@/lib/db/migrate";
import { log } from "@/lib/log";

export type Db = PrismaClient;

// Shared through globalThis: Next loads this module once per bundle (instrumentation, each route),
// and they must share one pool rather than open one each.
const CLIENT = Symbol.for("glance.db.client");
const shared = globalThis as { [CLIENT]?: Promise<{ prisma: PrismaClient; pool: pg.Pool }> };

export async function databaseUrl(): Promise<string> {
  const e = env();
  return e.DATABASE_URL ?? embeddedDatabaseUrl(e.DATA_DIR, e.EMBEDDED_DB_PORT);
}

async function connect(): Promise<{ prisma: PrismaClient; pool: pg.Pool }> {
  const url = await databaseUrl();
  await migrate(url);
  // The embedded database executes one statement at a time anyway; a small pool keeps its queue short.
  const max = env().mode.database === "embedded" ? 4 : 10;
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection the server closes (restart, failover, admin kill) must not crash the
  // process: the pool drops it and the next query opens a new one.
  pool.on("error", (error) => log.warn("database connection lost", { error }));
  return { prisma: new PrismaClient({ adapter: new PrismaPg(pool) }), pool };
}

function connection() {
  shared[CLIENT] ??= connect().catch((error) => {
    shared[CLIENT] = undefined; // let the next caller retry, e.g. once Postgres is back
    throw error;
  });
  return shared[CLIENT];
}

/** The shared client of this process. */
export async function getDb(): Promise<PrismaClient> {
  return (await connection()).prisma;
}

/** The same connection pool, for raw SQL (lib/db/pool.ts says who may use it and why). */
export async function getPool(): Promise<pg.Pool> {
  return (await connection()).pool;
}

export async function disconnectDb(): Promise<void> {
  const current = shared[CLIENT];
  shared[CLIENT] = undefined;
  if (current) {
    const { prisma, pool } = await current;
    await prisma.$disconnect().catch(() => {});
    await pool.end().catch(() => {});
  }
}
