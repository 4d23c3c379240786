/**
 * A key's own monthly render cap (D15), on top of the account's quota (D4): a leaked or abused
 * key — or a signed URL made with it — can spend at most its cap. Same rules as the account
 * quota: one atomic upsert checks and counts, a failed render gives its count back.
 */
import "server-only";
import type { Caller } from "@/lib/vocabulary/caller";
import { ApiError } from "@/lib/vocabulary/errors";
import { getPool } from "@/lib/db/pool";
import type { RenderCharge } from "@/lib/vocabulary/caller";
import { consumeRender, monthKey, renderCharge } from "@/lib/usage/quota";

function capReached(cap: number): ApiError {
  return new ApiError(
    "key_render_cap_reached",
    `This API key's cap of ${cap.toLocaleString("en-US")} renders this month is used up. Cached results are still served.`,
  );
}

async function consumeKeyRender(apiKeyId: string, cap: number, month: string, count: number): Promise<RenderCharge> {
  if (count > cap) throw capReached(cap); // the upsert below would insert a first row of `count`
  const pool = await getPool();
  const { rows } = await pool.query<{ renders: number }>(
    `INSERT INTO key_monthly_usage (api_key_id, month, renders) VALUES ($1, $2, $4)
     ON CONFLICT (api_key_id, month) DO UPDATE SET renders = key_monthly_usage.renders + $4
       WHERE key_monthly_usage.renders + $4 <= $3
     RETURNING renders`,
    [apiKeyId, month, cap, count],
  );
  if (rows.length === 0) throw capReached(cap);
  return renderCharge(rows[0].renders, () => giveBackKeyRenders(apiKeyId, month, count));
}

/** Gives `count` renders back to the key's count of `month` ("2026-11"). */
export async function giveBackKeyRenders(apiKeyId: string, month: string, count = 1): Promise<void> {
  const pool = await getPool();
  await pool.query(
    `UPDATE key_monthly_usage SET renders = GREATEST(0, renders - $3) WHERE api_key_id = $1 AND month = $2`,
    [apiKeyId, month, count],
  );
}

/** Whether a render charged for `caller` counts against its key's own cap (the key has one). */
export function keyCapCounts(caller: Caller): boolean {
  const cap = caller.keyLimits?.monthlyRenderCap;
  return cap !== null && cap !== undefined && caller.apiKeyId !== null;
}

/**
 * Counts `count` renders (one; a recording's several, D26) against the key's cap (when it has
 * one), then the account's quota; a refusal by either counts nothing, and the charge's refund
 * gives both back.
 */
export async function consumeKeyAndAccountRender(caller: Caller, count = 1, now = new Date()): Promise<RenderCharge> {
  const keyCharge = keyCapCounts(caller)
    ? await consumeKeyRender(caller.apiKeyId!, caller.keyLimits!.monthlyRenderCap!, monthKey(now), count)
    : null;
  let account: RenderCharge;
  try {
    account = await consumeRender(caller, now, count);
  } catch (error) {
    await keyCharge?.refund();
    throw error;
  }
  return {
    renders: account.renders,
    async refund() {
      await Promise.all([account.refund(), keyCharge?.refund()]);
    },
  };
}

export async function keyRendersThisMonth(apiKeyId: string, now = new Date()): Promise<number> {
  const pool = await getPool();
  const { rows } = await pool.query<{ renders: number }>(
    `SELECT renders FROM key_monthly_usage WHERE api_key_id = $1 AND month = $2`,
    [apiKeyId, monthKey(now)],
  );
  return rows[0]?.renders ?? 0;
}
