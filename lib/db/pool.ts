/**
 * Raw SQL on the shared connection pool (D31). Prisma is the default way to the database; SQL is
 * for statements its query builder cannot say or would slow on a hot path: row locks and
 * `FOR UPDATE SKIP LOCKED` claims with leases (jobs, webhook deliveries), conditional updates
 * with `RETURNING`, `ON CONFLICT DO NOTHING`, atomic counters, keyset pages, bounded batch
 * deletes and inserts, and the per-request key lookup. Only the folders whose row in
 * ARCHITECTURE.md's folder table names this file may import it; `npm run lint` checks that.
 */
import "server-only";

export { getPool } from "./client";
