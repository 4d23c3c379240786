/**
 * Plan changes (D18), whoever makes them: the Stripe webhook, the admin command, a scheduled
 * change falling due. A plan is stored on the user row, which every /v1 request reads with its
 * key (lib/keys/owner-lookup.ts): no instance caches it, so limits follow on the next request.
 *
 * Keys beyond the plan's key limit are paused, newest first, never revoked; a higher plan
 * un-pauses them (oldest first) up to its limit; the customer can choose which keys to keep.
 */
import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { getDb } from "@/lib/db";
import { PLANS, type PlanId } from "@/lib/plans";
import { BrandedError } from "@/lib/vocabulary/branded-error";
import { recordAudit } from "@/lib/audit/audit-log";

export type Tx = Prisma.TransactionClient;

/** Runs `work` in a transaction holding the account's row lock, so plan changes of one account queue. */
export async function withAccountLock<T>(userId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  const db = await getDb();
  return db.$transaction(
    async (tx) => {
      await tx.$queryRaw`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`;
      return work(tx);
    },
    { maxWait: 10_000, timeout: 30_000 },
  );
}

/** Sets the plan now, drops any scheduled change, and pauses or restores keys to fit it. */
export async function setPlanNow(tx: Tx, userId: string, plan: PlanId, now = new Date()): Promise<void> {
  const before = await tx.user.findUnique({ where: { id: userId }, select: { plan: true } });
  await tx.user.update({ where: { id: userId }, data: { plan, scheduledPlan: null, scheduledPlanAt: null } });
  // In the workspace's audit log (D28), in the same transaction; Stripe, a due change or the admin
  // command made it, so no person is named.
  if (before && before.plan !== plan)
    await recordAudit(userId, null, "plan.changed", null, { from: before.plan, to: plan }, tx);
  await fitKeysToPlan(tx, userId, plan, now);
}

/** Schedules `plan` for `at`; the key lookup applies it on the first request after that time. */
export async function schedulePlan(tx: Tx, userId: string, plan: PlanId, at: Date): Promise<void> {
  await tx.user.update({ where: { id: userId }, data: { scheduledPlan: plan, scheduledPlanAt: at } });
}

export async function clearScheduledPlan(tx: Tx, userId: string): Promise<void> {
  await tx.user.update({ where: { id: userId }, data: { scheduledPlan: null, scheduledPlanAt: null } });
}

/**
 * What an authenticator found about an account, found again once the account's plan change that
 * fell due is applied (D18); as found when none is due (`dueFor` names the account only then).
 * Every way in — API key, signed URL, MCP token, session, current workspace — passes here, so a
 * due change takes effect the same way at each, before the caller's plan is read.
 */
export async function withDuePlanChange<T>(
  found: T,
  dueFor: (found: T) => string | null | undefined,
  findAgain: () => Promise<T>,
  now = new Date(),
): Promise<T> {
  const userId = dueFor(found);
  if (!userId) return found;
  await applyDuePlanChange(userId, now);
  return findAgain();
}

/** Applies the account's scheduled change if it is due (idempotent: concurrent callers queue on the lock). */
async function applyDuePlanChange(userId: string, now = new Date()): Promise<void> {
  await withAccountLock(userId, async (tx) => {
    const user = await tx.user.findUnique({
      where: { id: userId },
      select: { scheduledPlan: true, scheduledPlanAt: true },
    });
    if (!user?.scheduledPlan || !user.scheduledPlanAt || user.scheduledPlanAt > now) return;
    await setPlanNow(tx, userId, user.scheduledPlan, now);
  });
}

/**
 * Pauses the newest active keys beyond the plan's limit, or un-pauses the oldest paused keys
 * while there is room. Revoked keys are never touched.
 */
async function fitKeysToPlan(tx: Tx, userId: string, plan: PlanId, now = new Date()): Promise<void> {
  const limit = PLANS[plan].maxApiKeys;
  const keys = await tx.apiKey.findMany({
    where: { userId, revokedAt: null },
    select: { id: true, pausedAt: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const active = keys.filter((k) => !k.pausedAt);
  if (active.length > limit) {
    const pause = active.slice(limit).map((k) => k.id);
    await tx.apiKey.updateMany({ where: { id: { in: pause } }, data: { pausedAt: now } });
  } else if (active.length < limit) {
    const resume = keys
      .filter((k) => k.pausedAt)
      .slice(0, limit - active.length)
      .map((k) => k.id);
    if (resume.length > 0) await tx.apiKey.updateMany({ where: { id: { in: resume } }, data: { pausedAt: null } });
  }
}

/** Why a choice of keys to keep was refused: a code the dashboard maps to its own fixed text. */
export type KeepKeysErrorCode = "none-chosen" | "too-many" | "too-few" | "not-yours";

export class KeepKeysError extends BrandedError {
  static readonly brand: string = "glance.KeepKeysError";
  constructor(readonly code: KeepKeysErrorCode) {
    super(`keep keys refused: ${code}`);
    this.name = "KeepKeysError";
  }
}

export function isKeepKeysErrorCode(value: unknown): value is KeepKeysErrorCode {
  return value === "none-chosen" || value === "too-many" || value === "too-few" || value === "not-yours";
}

/** How many keys a choice must keep active: as many as the plan allows, or every key when they all fit. */
export const keysToKeep = (unrevoked: number, plan: PlanId) => Math.min(unrevoked, PLANS[plan].maxApiKeys);

export interface KeptKeys {
  kept: string[];
  /** Keys this choice paused, and paused keys it made active again. */
  paused: string[];
  resumed: string[];
}

/**
 * The customer's choice after a downgrade (dashboard): these keys stay active, every other
 * unrevoked key is paused. It chooses which keys a lower plan pauses, never how many: it must
 * keep exactly as many as the plan allows (every key, when they all fit), so it cannot pause a
 * key the plan has room for (issue 43: the billing role could pause any key at any time).
 */
export async function keepKeys(userId: string, keepIds: readonly string[], now = new Date()): Promise<KeptKeys> {
  return withAccountLock(userId, async (tx) => {
    const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { plan: true } });
    const limit = PLANS[user.plan].maxApiKeys;
    const unique = [...new Set(keepIds)];
    if (unique.length === 0) throw new KeepKeysError("none-chosen");
    if (unique.length > limit) throw new KeepKeysError("too-many");
    const keys = await tx.apiKey.findMany({ where: { userId, revokedAt: null }, select: { id: true, pausedAt: true } });
    if (!unique.every((id) => keys.some((k) => k.id === id))) throw new KeepKeysError("not-yours");
    if (unique.length < keysToKeep(keys.length, user.plan)) throw new KeepKeysError("too-few");
    const resumed = keys.filter((k) => k.pausedAt && unique.includes(k.id)).map((k) => k.id);
    const paused = keys.filter((k) => !k.pausedAt && !unique.includes(k.id)).map((k) => k.id);
    await tx.apiKey.updateMany({ where: { id: { in: resumed } }, data: { pausedAt: null } });
    await tx.apiKey.updateMany({ where: { id: { in: paused } }, data: { pausedAt: now } });
    return { kept: unique, paused, resumed };
  });
}

/** The admin command's path: the plan now, keys fitted, any scheduled change dropped. */
export async function changePlan(userId: string, plan: PlanId): Promise<void> {
  await withAccountLock(userId, (tx) => setPlanNow(tx, userId, plan));
}
