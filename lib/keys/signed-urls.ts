/**
 * Dashboard operations on a key's signed-URL side (D15): its restrictions, and signed URLs built
 * for its owner. Both act only on the signed-in user's own, active keys: someone else's key id
 * is answered like one that does not exist.
 */
import "server-only";
import { isRenderEndpoint, RENDER_ENDPOINTS, type RenderEndpointId } from "@/lib/endpoints";
import { getPool } from "@/lib/db/pool";
import { env } from "@/lib/env";
import { deriveSigningSecret } from "@/lib/keys/signing-secret";
import { signUrl } from "@/lib/signing/canonical";

/** Highest monthly render cap a key can be given (a guard against typos, above every plan's quota). */
export const MAX_KEY_RENDER_CAP = 10_000_000;

export interface KeyLimitsInput {
  /** Render endpoints the key may call; all of them (or none listed) means unrestricted. */
  allowedEndpoints: readonly RenderEndpointId[];
  monthlyRenderCap: number | null;
}

/** Sets the key's restrictions; false when it is not the user's active key. */
export async function setKeyLimits(userId: string, keyId: string, limits: KeyLimitsInput): Promise<boolean> {
  const endpoints = [...new Set(limits.allowedEndpoints.filter(isRenderEndpoint))];
  const stored = endpoints.length === 0 || endpoints.length === RENDER_ENDPOINTS.length ? null : endpoints;
  const cap = limits.monthlyRenderCap;
  if (cap !== null && (!Number.isInteger(cap) || cap < 0 || cap > MAX_KEY_RENDER_CAP))
    throw new RangeError("invalid render cap");
  const pool = await getPool();
  const { rowCount } = await pool.query(
    `UPDATE api_keys SET allowed_endpoints = $3::text[], monthly_render_cap = $4 WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL`,
    [keyId, userId, stored, cap],
  );
  return (rowCount ?? 0) > 0;
}

export type SignedUrlResult = { url: string } | { error: "no_key" | "no_signing_secret" };

/**
 * A signed URL for `path` and `params` under the user's key (the dashboard's URL builder). The
 * server derives the key's signing secret, so the owner need not paste it; it never leaves here.
 */
export async function signedUrlForKey(
  userId: string,
  keyId: string,
  path: "/v1/og" | "/v1/screenshot",
  params: Record<string, string>,
  expires?: number,
): Promise<SignedUrlResult> {
  const pool = await getPool();
  const { rows } = await pool.query<{ public_id: string; signing_nonce: string | null }>(
    `SELECT public_id, signing_nonce FROM api_keys WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL`,
    [keyId, userId],
  );
  const row = rows[0];
  if (!row) return { error: "no_key" };
  if (!row.signing_nonce) return { error: "no_signing_secret" };
  const signingSecret = await deriveSigningSecret(row.public_id, row.signing_nonce);
  return { url: signUrl(env().APP_URL, path, params, { keyId: row.public_id, signingSecret, expires }) };
}
