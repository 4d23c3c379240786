/**
 * Raw SQL on the shared connection pool (D31). Prisma is the default way to the database; SQL is
 * for statements its query builder cannot say or would slow on a hot path: row locks and
 * `FOR UPDATE SKIP LOCKED` claims with leases (jobs, webhook deliveries), conditional updates
 * with `RETURNING`, `ON CONFLICT DO NOTHING`, atomic counters, keyset pages, bounded batch
 * deletes and inserts, and the per-request key lookup. Only the folders whose row in
 * ARCHITECTURE.md's folder table names this file may import it; `npm run lint` checks that.
 */
import "server-only";

import type { PoolClient } from "pg";
import { getPool } from "./client";

export { getPool };

/** Runs `work` on one connection between BEGIN and COMMIT; any throw rolls it back and is rethrown. */
export async function inTransaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await (await getPool()).connect();
  try {
    await client.query("BEGIN");
    const result = await work(client);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
