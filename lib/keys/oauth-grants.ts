/**
 * OAuth rows for MCP clients (D25, migrations 0017, 0022 and 0035), in SQL: a code is consumed by one
 * DELETE … RETURNING (a code replayed gets nothing the second time, and the grant it was exchanged
 * for — which remembers the code's hash — is revoked), a refresh rotates both
 * tokens in one conditional UPDATE that also records the spent refresh token (presented again, it
 * revokes the grant), and the access token is looked up on every /mcp request like an API key.
 * Only SHA-256 hashes of codes and tokens are stored.
 */
import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { PERMISSIONS } from "@/lib/auth/roles";
import { getPool } from "@/lib/db/pool";
import type { PlanId } from "@/lib/plans";

/** An access token lives an hour; its refresh token a month (rotated at each use). */
const ACCESS_TOKEN_SECONDS = 60 * 60;
const REFRESH_TOKEN_SECONDS = 30 * 24 * 60 * 60;
const CODE_SECONDS = 10 * 60;

export const ACCESS_TOKEN_PREFIX = "glmcp_at_";
const REFRESH_TOKEN_PREFIX = "glmcp_rt_";

const hashSecret = (value: string) => createHash("sha256").update(value).digest("hex");
const secret = (prefix: string) => `${prefix}${randomBytes(32).toString("base64url")}`;

export interface OAuthClient {
  id: string;
  name: string;
  redirectUris: string[];
  /** When it registered itself (the consent page shows it: a client made a minute ago is suspect). */
  createdAt: Date;
}

export async function insertClient(name: string, redirectUris: string[]): Promise<OAuthClient> {
  const pool = await getPool();
  const id = `glmcp_${randomBytes(16).toString("hex")}`;
  const { rows } = await pool.query<{ created_at: Date }>(
    `INSERT INTO oauth_clients (id, name, redirect_uris) VALUES ($1, $2, $3) RETURNING created_at`,
    [id, name, redirectUris],
  );
  return { id, name, redirectUris, createdAt: rows[0].created_at };
}

export async function findClient(id: string): Promise<OAuthClient | undefined> {
  if (id.length > 64) return undefined;
  const pool = await getPool();
  const { rows } = await pool.query<{ id: string; name: string; redirect_uris: string[]; created_at: Date }>(
    `SELECT id, name, redirect_uris, created_at FROM oauth_clients WHERE id = $1`,
    [id],
  );
  const row = rows[0];
  return row && { id: row.id, name: row.name, redirectUris: row.redirect_uris, createdAt: row.created_at };
}

/** An authorization code's row: the workspace `userId`, approved by the person `approvedBy`. */
interface AuthorizationCode {
  clientId: string;
  userId: string;
  approvedBy: string;
  redirectUri: string;
  /** Whether the authorization request named redirect_uri (the token request must then repeat it). */
  redirectUriSent: boolean;
  codeChallenge: string;
}

/** A new authorization code for the workspace `userId`, approved by `approvedBy` (its plaintext, returned once). */
export async function insertCode(code: AuthorizationCode): Promise<string> {
  const pool = await getPool();
  const value = secret("glmcp_code_");
  await pool.query(
    `INSERT INTO oauth_codes (hash, client_id, user_id, approved_by, redirect_uri, redirect_uri_sent, code_challenge, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(secs => $8))`,
    [
      hashSecret(value),
      code.clientId,
      code.userId,
      code.approvedBy,
      code.redirectUri,
      code.redirectUriSent,
      code.codeChallenge,
      CODE_SECONDS,
    ],
  );
  return value;
}

/** The code's row, deleted in the same statement; undefined when unknown, used or expired. */
export async function consumeCode(value: string): Promise<AuthorizationCode | undefined> {
  const pool = await getPool();
  const { rows } = await pool.query<{
    client_id: string;
    user_id: string;
    approved_by: string;
    redirect_uri: string;
    redirect_uri_sent: boolean;
    code_challenge: string;
    live: boolean;
  }>(
    `DELETE FROM oauth_codes WHERE hash = $1
     RETURNING client_id, user_id, approved_by, redirect_uri, redirect_uri_sent, code_challenge, expires_at > now() AS live`,
    [hashSecret(value)],
  );
  const row = rows[0];
  if (!row?.live) return undefined;
  return {
    clientId: row.client_id,
    userId: row.user_id,
    approvedBy: row.approved_by,
    redirectUri: row.redirect_uri,
    redirectUriSent: row.redirect_uri_sent,
    codeChallenge: row.code_challenge,
  };
}

export interface IssuedTokens {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
  refresh_token: string;
}

function newTokens() {
  const access = secret(ACCESS_TOKEN_PREFIX);
  const refresh = secret(REFRESH_TOKEN_PREFIX);
  return {
    access,
    refresh,
    issued: {
      access_token: access,
      token_type: "Bearer" as const,
      expires_in: ACCESS_TOKEN_SECONDS,
      refresh_token: refresh,
    },
  };
}

/** A grant for the workspace `userId`, approved by `approvedBy`, exchanged for the code `fromCode` (kept as its hash). */
export async function insertGrant(
  clientId: string,
  userId: string,
  approvedBy: string,
  fromCode: string | null = null,
): Promise<IssuedTokens> {
  const pool = await getPool();
  const { access, refresh, issued } = newTokens();
  await pool.query(
    `INSERT INTO oauth_grants (id, client_id, user_id, access_hash, access_expires_at, refresh_hash, refresh_expires_at, approved_by, code_hash)
     VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5), $6, now() + make_interval(secs => $7), $8, $9)`,
    [
      `grant_${randomBytes(12).toString("hex")}`,
      clientId,
      userId,
      hashSecret(access),
      ACCESS_TOKEN_SECONDS,
      hashSecret(refresh),
      REFRESH_TOKEN_SECONDS,
      approvedBy,
      fromCode === null ? null : hashSecret(fromCode),
    ],
  );
  return issued;
}

/**
 * A code presented after it was exchanged is a stolen code in use, by the thief or by the client
 * after the thief (RFC 6749 §4.1.2, OAuth 2.1 §4.1.3): the grant it was exchanged for is deleted,
 * its access and refresh tokens with it. Returns that grant's id, or undefined when the code was
 * never exchanged (unknown, or refused at its exchange).
 */
export async function revokeGrantOfSpentCode(value: string): Promise<string | undefined> {
  const pool = await getPool();
  const { rows } = await pool.query<{ id: string }>(`DELETE FROM oauth_grants WHERE code_hash = $1 RETURNING id`, [
    hashSecret(value),
  ]);
  return rows[0]?.id;
}

/**
 * The roles that may connect applications (keys.write, D28), as SQL: a token works only while the
 * person who approved it is still a member of its workspace in one of them, whatever path ended
 * or changed their membership (removal also deletes the grant: revokeMemberGrants).
 */
const APPROVER_MAY_CONNECT = `EXISTS (SELECT 1 FROM workspace_members m WHERE m.workspace_id = g.user_id
  AND m.user_id = g.approved_by AND m.role IN (${PERMISSIONS["keys.write"].map((r) => `'${r}'`).join(", ")}))`;

export type Rotation =
  | { kind: "issued"; tokens: IssuedTokens }
  /** The token was rotated away before: its grant is now deleted (reuse detection). */
  | { kind: "reused"; grantId: string }
  | { kind: "invalid" };

/**
 * New tokens for a live refresh token of `clientId` whose approver may still connect apps; the old
 * pair stops working in the same statement, which also records the old refresh token as spent (and
 * forgets the grant's spent tokens that have expired by now). A spent token presented again — by
 * anyone, under any client_id: its secret has leaked — deletes its grant, so the thief and the
 * client both lose it (OAuth 2.1 §4.3.1). Two refreshes racing with one token are that too: the
 * loser finds it spent.
 */
export async function rotateGrant(clientId: string, refreshToken: string): Promise<Rotation> {
  const pool = await getPool();
  const { access, refresh, issued } = newTokens();
  const presented = hashSecret(refreshToken);
  const { rowCount } = await pool.query(
    `WITH rotated AS (
       UPDATE oauth_grants g SET access_hash = $1, access_expires_at = now() + make_interval(secs => $2),
         refresh_hash = $3, refresh_expires_at = now() + make_interval(secs => $4)
       WHERE refresh_hash = $5 AND client_id = $6 AND refresh_expires_at > now() AND ${APPROVER_MAY_CONNECT}
       RETURNING id
     ), forgotten AS (
       DELETE FROM oauth_spent_refresh_tokens WHERE grant_id IN (SELECT id FROM rotated) AND expires_at <= now()
     )
     INSERT INTO oauth_spent_refresh_tokens (hash, grant_id, expires_at)
     SELECT $5, id, now() + make_interval(secs => $4) FROM rotated`,
    [hashSecret(access), ACCESS_TOKEN_SECONDS, hashSecret(refresh), REFRESH_TOKEN_SECONDS, presented, clientId],
  );
  if (rowCount === 1) return { kind: "issued", tokens: issued };
  const { rows } = await pool.query<{ id: string }>(
    `DELETE FROM oauth_grants g USING oauth_spent_refresh_tokens s
     WHERE s.hash = $1 AND s.expires_at > now() AND g.id = s.grant_id RETURNING g.id`,
    [presented],
  );
  return rows[0] ? { kind: "reused", grantId: rows[0].id } : { kind: "invalid" };
}

/** The account a live access token acts for, with its plan and whether a plan change fell due (D18). */
export async function findAccessGrant(
  token: string,
): Promise<{ grantId: string; userId: string; plan: PlanId; planChangeDue: boolean } | undefined> {
  const pool = await getPool();
  const { rows } = await pool.query<{ id: string; user_id: string; plan: PlanId; plan_change_due: boolean }>(
    `UPDATE oauth_grants g SET last_used_at = now() FROM users u
     WHERE g.access_hash = $1 AND g.access_expires_at > now() AND u.id = g.user_id AND ${APPROVER_MAY_CONNECT}
     RETURNING g.id, g.user_id, u.plan::text AS plan, COALESCE(u.scheduled_plan_at <= now(), false) AS plan_change_due`,
    [hashSecret(token)],
  );
  const row = rows[0];
  return row && { grantId: row.id, userId: row.user_id, plan: row.plan, planChangeDue: row.plan_change_due };
}

/**
 * Whether a connected app may still act for its workspace (D20, D28): its grant exists (not
 * disconnected, not ended with its approver's removal) and its approver may still connect apps.
 * A job accepted through it is checked with this when it starts. The tokens' expiry is not asked:
 * an access token that ran out is refreshed, and the grant is the same.
 */
export async function grantMayAct(grantId: string): Promise<boolean> {
  const pool = await getPool();
  const { rowCount } = await pool.query(`SELECT 1 FROM oauth_grants g WHERE g.id = $1 AND ${APPROVER_MAY_CONNECT}`, [
    grantId,
  ]);
  return rowCount === 1;
}

export interface ConnectedApp {
  id: string;
  clientName: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** The clients an account connected, newest first (the dashboard's list beside the keys). */
export async function listGrants(userId: string): Promise<ConnectedApp[]> {
  const pool = await getPool();
  const { rows } = await pool.query<{ id: string; name: string; created_at: Date; last_used_at: Date | null }>(
    `SELECT g.id, c.name, g.created_at, g.last_used_at FROM oauth_grants g JOIN oauth_clients c ON c.id = g.client_id
     WHERE g.user_id = $1 ORDER BY g.created_at DESC LIMIT 100`,
    [userId],
  );
  return rows.map((r) => ({ id: r.id, clientName: r.name, createdAt: r.created_at, lastUsedAt: r.last_used_at }));
}

/** Disconnects a client: its tokens stop working at once. Another account's grant is not found, like none. */
export async function deleteGrant(userId: string, grantId: string): Promise<boolean> {
  const pool = await getPool();
  const { rowCount } = await pool.query(`DELETE FROM oauth_grants WHERE id = $1 AND user_id = $2`, [grantId, userId]);
  return rowCount === 1;
}

/**
 * Disconnects every client a person approved for a workspace, and their unused codes (D28): their
 * removal from it, or a role that may no longer connect applications. Returns how many grants.
 */
export async function revokeMemberGrants(workspaceId: string, memberId: string): Promise<number> {
  const pool = await getPool();
  await pool.query(`DELETE FROM oauth_codes WHERE user_id = $1 AND approved_by = $2`, [workspaceId, memberId]);
  const { rowCount } = await pool.query(`DELETE FROM oauth_grants WHERE user_id = $1 AND approved_by = $2`, [
    workspaceId,
    memberId,
  ]);
  return rowCount ?? 0;
}
