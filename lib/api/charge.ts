/**
 * The render charge (D4, D15, D18): the one place a render is counted against the key's cap and
 * the account's monthly quota, for every caller of an endpoint — a request, a job, a monitor's
 * run, an MCP tool call (D35). Only the render that crosses 80 % or 100 % does any alert work.
 */
import "server-only";
import type { Caller, RenderCharge } from "@/lib/vocabulary/caller";
import { ApiError } from "@/lib/vocabulary/errors";
import { afterResponse } from "@/lib/api/request";
import { consumeKeyAndAccountRender, giveBackKeyRenders, keyCapCounts } from "@/lib/keys/render-cap";
import { log } from "@/lib/log";
import { PLANS } from "@/lib/plans";
import { alertOnQuota, crossedThresholds } from "@/lib/usage/alerts";
import { giveBackRenders, monthKey } from "@/lib/usage/quota";

/** Who follows the count as it moves (the HTTP adapter's X-Quota-* headers). */
export interface QuotaObserver {
  counted(renders: number): void;
  refunded(count: number): void;
  usedUp(): void;
}

/** `count` renders against the key's cap and the account's quota; the charge can be given back once. */
export async function chargeRender(caller: Caller, count = 1, observer?: QuotaObserver): Promise<RenderCharge> {
  const charge = await consumeKeyAndAccountRender(caller, count).catch((error: unknown) => {
    // A recording refused for needing more renders than are left did not use the rest up.
    if (error instanceof ApiError && error.code === "quota_exceeded" && count === 1) observer?.usedUp();
    throw error;
  });
  observer?.counted(charge.renders);
  if (crossedThresholds(charge.renders, PLANS[caller.plan].rendersPerMonth, count).length > 0) {
    afterResponse(() =>
      alertOnQuota(caller.userId, caller.plan, charge.renders, count).catch((error: unknown) =>
        log.warn("quota alert failed", { error }),
      ),
    );
  }
  let refunded = false;
  return {
    renders: charge.renders,
    async refund() {
      if (refunded) return;
      refunded = true;
      await charge.refund();
      observer?.refunded(count);
    },
  };
}

/** Whether `chargeRender(caller)` counts against the key's own cap too (then a later refund must give it back there). */
export function countsAgainstKeyCap(caller: Caller): boolean {
  return keyCapCounts(caller);
}

/**
 * Gives back one render charged earlier at `at` — by a run that is gone (a crawl page's job whose
 * instance died, D32) — to the account's month and day and, when its cap counted it, the key's month.
 */
export async function giveBackRender(charged: { userId: string; keyId: string | null; at: Date }): Promise<void> {
  await Promise.all([
    giveBackRenders(charged.userId, charged.at),
    charged.keyId ? giveBackKeyRenders(charged.keyId, monthKey(charged.at)) : undefined,
  ]);
}
