/**
 * The `browser_sessions` rows (migration 0036, D39): every live session has one, whichever way
 * it was opened, so limits count across instances and the API can list and end sessions that
 * live on another instance. Raw SQL: the token is consumed in one conditional UPDATE, and the
 * heartbeat runs on every live session every few seconds.
 */
import "server-only";
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { getPool } from "@/lib/db/pool";
import { env } from "@/lib/env";

interface SessionOwner {
  userId: string;
  apiKeyId: string;
  /** Its video and network log are kept after it ends (record=true, recorder.ts). */
  record?: boolean;
  /** Through the customer's proxy (D41): GET shows that it is, never which. */
  proxy?: boolean;
}

/** A pending session's owner, with the proxy POST /v1/sessions was given, sealed (connect-proxy.ts). */
export interface PendingOwner extends SessionOwner {
  proxySealed?: string;
}

/** A used connect token: the owner, the key's public id, and the sealed proxy the row held (now cleared). */
export interface ConsumedToken extends Required<Omit<SessionOwner, "proxy">> {
  publicId: string;
  proxySealed: string | null;
}

/** Who opened a session: a key, or a connected app (an MCP agent over OAuth, D43) — the row names exactly one. */
export type SessionOpener = { userId: string; record?: boolean; proxy?: boolean } & (
  { apiKeyId: string; oauthGrantId?: undefined } | { apiKeyId?: null; oauthGrantId: string }
);

/**
 * A session whose instance has not refreshed it for this long (three missed checks, at least 30 s)
 * no longer counts as live: its instance is gone.
 */
export const staleMs = () => Math.max(30_000, 3 * env().SESSION_CHECK_MS);

const hashToken = (secret: string) => createHash("sha256").update(secret).digest("hex");
const newSessionId = () => `bs_${randomBytes(12).toString("base64url")}`;

/** POST /v1/sessions: a row waiting for its client, with a single-use secret valid until `expiresAt`. */
export async function createPendingSession(
  owner: PendingOwner,
  ttlMs: number,
): Promise<{ id: string; secret: string; expiresAt: Date }> {
  const id = newSessionId();
  const secret = randomBytes(24).toString("base64url");
  const expiresAt = new Date(Date.now() + ttlMs);
  const pool = await getPool();
  await pool.query(
    `INSERT INTO browser_sessions (id, user_id, api_key_id, token_hash, token_expires_at, record, proxy, proxy_sealed)
     VALUES ($1, $2, $3, $4, to_timestamp($5 / 1000.0) AT TIME ZONE 'UTC', $6, $7, $8)`,
    [
      id,
      owner.userId,
      owner.apiKeyId,
      hashToken(secret),
      expiresAt.getTime(),
      owner.record ?? false,
      owner.proxySealed !== undefined,
      owner.proxySealed ?? null,
    ],
  );
  return { id, secret, expiresAt };
}

/**
 * Uses a connect token: true once, for an unexpired, unused token whose hash matches; the hash is
 * cleared in the same statement, so a second use (on any instance) finds nothing. Returns the
 * owner and the key's public id (the key is checked again before the session starts), and the
 * sealed proxy the row held, cleared by the same statement (the session holds it in memory from
 * then on). `proxied`: the connect URL names a proxy of its own (`&proxy=`), which GET then shows.
 */
export async function consumeConnectToken(
  id: string,
  secret: string,
  proxied = false,
): Promise<ConsumedToken | undefined> {
  const pool = await getPool();
  const candidate = await pool.query<{ token_hash: string | null }>(
    `SELECT token_hash FROM browser_sessions WHERE id = $1`,
    [id],
  );
  const stored = candidate.rows[0]?.token_hash;
  const presented = hashToken(secret);
  if (!stored || !timingSafeEqual(Buffer.from(stored), Buffer.from(presented))) return undefined;
  // RETURNING sees the new row, so the sealed proxy is read from the row as it was (o), locked.
  const used = await pool.query<{
    user_id: string;
    api_key_id: string;
    public_id: string;
    record: boolean;
    proxy_sealed: string | null;
  }>(
    `UPDATE browser_sessions s SET token_hash = NULL, proxy_sealed = NULL, proxy = s.proxy OR $3,
        started_at = now() AT TIME ZONE 'UTC', seen_at = now() AT TIME ZONE 'UTC'
      FROM api_keys k, (SELECT id, proxy_sealed FROM browser_sessions WHERE id = $1 FOR UPDATE) o
      WHERE s.id = $1 AND o.id = s.id AND s.token_hash = $2 AND s.token_expires_at > now() AT TIME ZONE 'UTC'
        AND k.id = s.api_key_id
      RETURNING s.user_id, s.api_key_id, k.public_id, s.record, o.proxy_sealed`,
    [id, presented, proxied],
  );
  const row = used.rows[0];
  return row
    ? {
        userId: row.user_id,
        apiKeyId: row.api_key_id,
        publicId: row.public_id,
        record: row.record,
        proxySealed: row.proxy_sealed,
      }
    : undefined;
}

/** A session opened with a key on /v1/browser, or by the browsing tools (a key or a grant): its row, started now. */
export async function startSession(owner: SessionOpener): Promise<string> {
  const id = newSessionId();
  const pool = await getPool();
  await pool.query(
    `INSERT INTO browser_sessions (id, user_id, api_key_id, oauth_grant_id, started_at, seen_at, record, proxy)
     VALUES ($1, $2, $3, $4, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC', $5, $6)`,
    [id, owner.userId, owner.apiKeyId ?? null, owner.oauthGrantId ?? null, owner.record ?? false, owner.proxy ?? false],
  );
  return id;
}

/** Live sessions of a workspace on every instance (the one being opened excluded). */
export async function countLiveSessions(userId: string, except: string): Promise<number> {
  const pool = await getPool();
  const result = await pool.query<{ n: string }>(
    `SELECT count(*) AS n FROM browser_sessions
      WHERE user_id = $1 AND id <> $2 AND started_at IS NOT NULL AND ended_at IS NULL
        AND seen_at > (now() AT TIME ZONE 'UTC') - make_interval(secs => $3 / 1000.0)`,
    [userId, except, staleMs()],
  );
  return Number(result.rows[0]?.n ?? 0);
}

/** Marks the session as alive; answers whether the API asked for it to end (DELETE on any instance). */
export async function heartbeat(id: string): Promise<boolean> {
  const pool = await getPool();
  const result = await pool.query<{ end_requested: boolean }>(
    `UPDATE browser_sessions SET seen_at = now() AT TIME ZONE 'UTC' WHERE id = $1 RETURNING end_requested`,
    [id],
  );
  return result.rows[0]?.end_requested ?? true;
}

type SessionStatus = "waiting" | "live" | "ended";

export interface SessionView {
  id: string;
  status: SessionStatus;
  createdAt: string;
  startedAt: string | null;
  endedAt: string | null;
  endReason: string | null;
  proxy: boolean;
}

interface ViewRow {
  id: string;
  created_ms: number;
  started_ms: number | null;
  ended_ms: number | null;
  expires_ms: number | null;
  end_reason: string | null;
  proxy: boolean;
  stale: boolean;
}

const ms = (column: string) => `(extract(epoch FROM ${column}) * 1000)::float8`;
const viewColumns = () => `id, end_reason, proxy, ${ms("created_at")} AS created_ms, ${ms("started_at")} AS started_ms,
  ${ms("ended_at")} AS ended_ms, ${ms("token_expires_at")} AS expires_ms,
  (seen_at IS NOT NULL AND seen_at < (now() AT TIME ZONE 'UTC') - make_interval(secs => ${staleMs() / 1000})) AS stale`;

const iso = (epochMs: number | null) => (epochMs === null ? null : new Date(epochMs).toISOString());

function toView(row: ViewRow): SessionView {
  const expired = row.started_ms === null && row.expires_ms !== null && row.expires_ms < Date.now();
  const lost = row.ended_ms === null && row.stale;
  const ended = row.ended_ms !== null || expired || lost;
  return {
    id: row.id,
    status: ended ? "ended" : row.started_ms !== null ? "live" : "waiting",
    createdAt: iso(row.created_ms)!,
    startedAt: iso(row.started_ms),
    endedAt: iso(row.ended_ms),
    endReason: row.end_reason ?? (expired ? "expired" : lost ? "lost" : null),
    proxy: row.proxy,
  };
}

/** The workspace's sessions, newest first (the last `limit`). */
export async function listSessions(userId: string, limit: number): Promise<SessionView[]> {
  const pool = await getPool();
  const result = await pool.query<ViewRow>(
    `SELECT ${viewColumns()} FROM browser_sessions WHERE user_id = $1 ORDER BY created_at DESC LIMIT $2`,
    [userId, limit],
  );
  return result.rows.map(toView);
}

/** One session of the workspace; undefined for another workspace's (a 404, never a 403). */
export async function findSession(userId: string, id: string): Promise<SessionView | undefined> {
  const pool = await getPool();
  const result = await pool.query<ViewRow>(
    `SELECT ${viewColumns()} FROM browser_sessions WHERE user_id = $1 AND id = $2`,
    [userId, id],
  );
  return result.rows[0] ? toView(result.rows[0]) : undefined;
}

/**
 * Asks for the session's end: a waiting one ends at once (its token cleared), a live one is ended
 * by the instance holding it at its next check (at once when that is this instance).
 */
export async function requestEnd(userId: string, id: string): Promise<boolean> {
  const pool = await getPool();
  const result = await pool.query(
    `UPDATE browser_sessions SET end_requested = true, token_hash = NULL, proxy_sealed = NULL,
        ended_at = CASE WHEN started_at IS NULL THEN now() AT TIME ZONE 'UTC' ELSE ended_at END,
        end_reason = CASE WHEN started_at IS NULL THEN 'deleted' ELSE end_reason END
      WHERE user_id = $1 AND id = $2`,
    [userId, id],
  );
  return (result.rowCount ?? 0) > 0;
}

/** The public id of a key (an MCP caller knows only the key's row id), to check it again while a session lives. */
export async function keyPublicId(apiKeyId: string): Promise<string | undefined> {
  const pool = await getPool();
  const result = await pool.query<{ public_id: string }>(`SELECT public_id FROM api_keys WHERE id = $1`, [apiKeyId]);
  return result.rows[0]?.public_id;
}

/** Drops the sealed proxies of connect URLs that expired unused (the sweeper): nothing kept that no session will use. */
export async function dropExpiredProxies(): Promise<number> {
  const pool = await getPool();
  const result = await pool.query(
    `UPDATE browser_sessions SET proxy_sealed = NULL
      WHERE proxy_sealed IS NOT NULL AND token_expires_at < now() AT TIME ZONE 'UTC'`,
  );
  return result.rowCount ?? 0;
}
