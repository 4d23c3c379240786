/**
 * The database for every feature (D12): the Prisma client of this process. Raw SQL through the
 * same pool is lib/db/pool.ts, for the modules the folder table in ARCHITECTURE.md allows (D31).
 */
import "server-only";

export { databaseUrl, disconnectDb, getDb, type Db } from "./client";
