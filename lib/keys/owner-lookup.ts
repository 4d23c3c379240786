/**
 * The key lookup every API request makes, with the lookups of one event-loop turn sent as one
 * query (`WHERE hash = ANY($1)`), the way ioredis auto-pipelines Redis commands. Under load many
 * requests reach authentication in the same turn; one round trip instead of one each saves a
 * socket write, a protocol exchange and a PostgreSQL statement per request.
 *
 * Nothing is cached (D5): every query starts after all of its requests arrived, so a revocation
 * committed before a request was sent is always seen. A lookup waits at most for the end of the
 * current turn (setImmediate), not for a timer.
 */
import "server-only";
import { getPool } from "@/lib/db/pool";
import { env } from "@/lib/env";
import { monthKey } from "@/lib/usage/quota";

export interface KeyOwnerRow {
  id: string;
  user_id: string;
  revoked: boolean;
  /** Epoch ms: the column is a UTC timestamp without zone, which pg would read as local time. */
  last_used_ms: number | null;
  plan: string;
  /** The owner's renders this UTC month (X-Quota-*, D18): read here so it costs no extra round trip. */
  renders: number;
  /** D15: the key's public id, the nonce of its signing secret (null: none yet), its restrictions. */
  public_id: string;
  signing_nonce: string | null;
  allowed_endpoints: string[] | null;
  monthly_render_cap: number | null;
  /** Paused beyond a lower plan's key limit (D18). */
  paused: boolean;
  /** The owner's scheduled plan change is due (D18): it is applied before the request goes on. */
  plan_change_due: boolean;
}

/** More hashes than this in one turn go out as several queries (bounded statement size). */
const MAX_BATCH = 100;

interface Waiter {
  resolve(row: KeyOwnerRow | undefined): void;
  reject(error: unknown): void;
}

/** Lookups waiting for this turn's query; a flush is scheduled whenever it is not empty. */
let pending = new Map<string, Waiter[]>();

/** Resolves to the key's row (with its owner's plan), or undefined when no key has this hash. */
export function lookupKeyOwner(hash: string): Promise<KeyOwnerRow | undefined> {
  return new Promise((resolve, reject) => {
    if (pending.size === 0) setImmediate(flush);
    const waiters = pending.get(hash);
    if (waiters) waiters.push({ resolve, reject });
    else pending.set(hash, [{ resolve, reject }]);
  });
}

function flush(): void {
  const batch = pending;
  pending = new Map();
  const hashes = [...batch.keys()];
  for (let i = 0; i < hashes.length; i += MAX_BATCH) {
    const chunk = hashes.slice(i, i + MAX_BATCH);
    query(chunk).then(
      (rows) => {
        const byHash = new Map(rows.map((row) => [row.hash, row]));
        for (const hash of chunk) for (const w of batch.get(hash) ?? []) w.resolve(byHash.get(hash));
      },
      (error: unknown) => {
        for (const hash of chunk) for (const w of batch.get(hash) ?? []) w.reject(error);
      },
    );
  }
}

async function query(hashes: string[]): Promise<Array<KeyOwnerRow & { hash: string }>> {
  const pool = await getPool();
  const { rows } = await pool.query<KeyOwnerRow & { hash: string }>({
    // A prepared statement on PostgreSQL (parsed and planned once per connection). Unnamed on the
    // embedded database: it is one session shared by all connections, where names collide.
    name: env().mode.database === "postgres" ? "glance_find_key_owners_v4" : undefined,
    text: `SELECT k.hash, ${KEY_OWNER_COLUMNS} ${KEY_OWNER_FROM} WHERE k.hash = ANY($1::text[])`,
    values: [hashes, monthKey(), Date.now()],
  });
  return rows;
}

const KEY_OWNER_COLUMNS = `k.id, k.user_id, k.revoked_at IS NOT NULL AS revoked,
  (extract(epoch FROM k.last_used_at) * 1000)::float8 AS last_used_ms, u.plan::text AS plan,
  COALESCE(m.renders, 0) AS renders, k.public_id, k.signing_nonce, k.allowed_endpoints, k.monthly_render_cap,
  k.paused_at IS NOT NULL AS paused,
  COALESCE(u.scheduled_plan_at <= to_timestamp($3 / 1000.0) AT TIME ZONE 'UTC', false) AS plan_change_due`;

/** Key, owner and the owner's usage this month ($2: the month key; $3: now in epoch ms, for a due plan change, D18). */
const KEY_OWNER_FROM = `FROM api_keys k JOIN users u ON u.id = k.user_id
  LEFT JOIN monthly_usage m ON m.user_id = k.user_id AND m.month = $2`;

/**
 * The key a signed URL names by its public id (D15), read on every request like the hash lookup:
 * a revocation or a rolled signing secret is seen by every instance on the next request.
 */
export async function lookupKeyOwnerByPublicId(publicId: string): Promise<KeyOwnerRow | undefined> {
  const pool = await getPool();
  const { rows } = await pool.query<KeyOwnerRow>({
    name: env().mode.database === "postgres" ? "glance_find_signed_key_owner_v2" : undefined,
    text: `SELECT ${KEY_OWNER_COLUMNS} ${KEY_OWNER_FROM} WHERE k.public_id = $1`,
    values: [publicId, monthKey(), Date.now()],
  });
  return rows[0];
}
