/**
 * A crawl page's render charge (D32, issue 44 point 3): one render per page, however often the
 * page's job runs. A job cut off by a dying instance is claimed again elsewhere (D20); its first
 * run may have counted the render before it died, with nothing cached to make the second run a
 * free hit. So the page's row carries the charge (`charged_at`, migration 0042): a run marks it
 * before counting, a run that finds it marked renders without counting again, and a failed render
 * — or a page given up — gives the one charge back and clears the mark.
 *
 * Mark, then count: an instance killed between the two (a few milliseconds) leaves the page
 * marked but uncounted — free to the customer — rather than counted twice.
 */
import "server-only";
import type { Caller, RenderCharge } from "@/lib/vocabulary/caller";
import { chargeRender, countsAgainstKeyCap, giveBackRender } from "@/lib/api/charge";
import { getPool } from "@/lib/db/pool";

interface Charged {
  charged_at: Date;
  charged_key_id: string | null;
}

async function unmark(seq: string): Promise<void> {
  await (
    await getPool()
  ).query(`UPDATE crawl_pages SET charged_at = NULL, charged_key_id = NULL WHERE seq = $1`, [seq]);
}

/** The page's render charge for `caller`: counted now, or already counted by an earlier run of its job. */
export async function chargePage(caller: Caller, seq: string, count = 1): Promise<RenderCharge> {
  const pool = await getPool();
  const keyId = countsAgainstKeyCap(caller) ? caller.apiKeyId : null;
  const marked = await pool.query(
    `UPDATE crawl_pages SET charged_at = now(), charged_key_id = $2 WHERE seq = $1 AND charged_at IS NULL`,
    [seq, keyId],
  );
  if (marked.rowCount) {
    let charge: RenderCharge;
    try {
      charge = await chargeRender(caller, count);
    } catch (error) {
      await unmark(seq); // refused (quota, the key's cap): nothing counted
      throw error;
    }
    return {
      renders: charge.renders,
      async refund() {
        await charge.refund();
        await unmark(seq);
      },
    };
  }
  // An earlier run of this page's job counted it, then its instance died: this render is that one.
  const earlier = (
    await pool.query<Charged>(`SELECT charged_at, charged_key_id FROM crawl_pages WHERE seq = $1`, [seq])
  ).rows[0];
  let refunded = false;
  return {
    renders: caller.rendersThisMonth ?? 0,
    async refund() {
      if (refunded || !earlier) return;
      refunded = true;
      await refundPage(caller.userId, seq, earlier);
    },
  };
}

async function refundPage(userId: string, seq: string, charged: Charged): Promise<void> {
  // Cleared first, and only where still set, so two refunds of one charge give back one render.
  const { rowCount } = await (
    await getPool()
  ).query(`UPDATE crawl_pages SET charged_at = NULL, charged_key_id = NULL WHERE seq = $1 AND charged_at = $2`, [
    seq,
    charged.charged_at,
  ]);
  if (rowCount) await giveBackRender({ userId, keyId: charged.charged_key_id, at: charged.charged_at });
}

/** A page that ends failed without a run to refund it (given up after dead instances): its charge, if any, goes back. */
export async function refundGivenUpPage(
  userId: string,
  page: { seq: string; charged_at: Date | null; charged_key_id: string | null },
): Promise<void> {
  if (page.charged_at) await refundPage(userId, page.seq, { ...page, charged_at: page.charged_at });
}
