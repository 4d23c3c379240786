/**
 * The Prisma client (D12): Postgres from DATABASE_URL, or the embedded database under DATA_DIR.
 * Both go through the same driver adapter (@prisma/adapter-pg), so no engine binary is needed
 * and the code path is identical. Migrations are applied once per process before first use.
 */
import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/generated/prisma/client";
import { env } from "@/lib/env";
import { embeddedDatabaseUrl } from "@/lib/db/embedded";
import { migrate } from "@/lib/db/migrate";

export type Db = PrismaClient;

// Shared through globalThis: Next loads this module once per bundle (instrumentation, each route),
// and they must share one pool rather than open one each.
const CLIENT = Symbol.for("glance.db.client");
const shared = globalThis as { [CLIENT]?: Promise<PrismaClient> };

export async function databaseUrl(): Promise<string> {
  const e = env();
  return e.DATABASE_URL ?? embeddedDatabaseUrl(e.DATA_DIR, e.EMBEDDED_DB_PORT);
}

async function connect(): Promise<PrismaClient> {
  const url = await databaseUrl();
  await migrate(url);
  // The embedded database executes one statement at a time anyway; a small pool keeps its queue short.
  const max = env().mode.database === "embedded" ? 4 : 10;
  return new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max }) });
}

/** The shared client of this process. */
export function getDb(): Promise<PrismaClient> {
  shared[CLIENT] ??= connect().catch((error) => {
    shared[CLIENT] = undefined; // let the next caller retry, e.g. once Postgres is back
    throw error;
  });
  return shared[CLIENT];
}

export async function disconnectDb(): Promise<void> {
  const current = shared[CLIENT];
  shared[CLIENT] = undefined;
  if (current) await (await current).$disconnect().catch(() => {});
}
