/**
 * Quota alerts (D18): an e-mail when an account's renders this month reach 80 % and 100 % of its
 * plan's quota, each once per month on every instance (a usage_alerts row is claimed before the
 * mail goes out). Checked only by the render that crosses a threshold, so it costs nothing on
 * the other requests.
 */
import "server-only";
import { deliverNotice } from "@/lib/auth/mailer";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { PLANS, type PlanId } from "@/lib/plans";
import { monthKey } from "@/lib/usage/quota";

const QUOTA_ALERT_THRESHOLDS = [80, 100] as const;

/** Thresholds (percent) that the charge taking the count from renders - count to renders crosses (a recording counts several, D26). */
export function crossedThresholds(renders: number, limit: number, count = 1): number[] {
  return QUOTA_ALERT_THRESHOLDS.filter((t) => (renders - count) * 100 < t * limit && renders * 100 >= t * limit);
}

/** The share of the month's quota used, in whole percent, when it calls for the dashboard banner. */
export function bannerLevel(renders: number, limit: number): number | null {
  const reached = QUOTA_ALERT_THRESHOLDS.filter((t) => renders * 100 >= t * limit).at(-1);
  return reached ?? null;
}

export async function alertOnQuota(
  userId: string,
  plan: PlanId,
  renders: number,
  count = 1,
  now = new Date(),
): Promise<void> {
  const { rendersPerMonth: limit, name } = PLANS[plan];
  for (const threshold of crossedThresholds(renders, limit, count)) {
    const db = await getDb();
    const month = monthKey(now);
    const claimed = await db.$executeRaw`
      INSERT INTO usage_alerts (user_id, month, threshold) VALUES (${userId}, ${month}, ${threshold}) ON CONFLICT DO NOTHING`;
    if (claimed === 0) continue;
    // The workspace's owners and billing members are told (D28): for a personal workspace, its person.
    const members = await db.workspaceMember.findMany({
      where: { workspaceId: userId, role: { in: ["owner", "billing"] } },
      select: { user: { select: { email: true } } },
    });
    const recipients = members.flatMap((m) => (m.user.email ? [m.user.email] : []));
    if (recipients.length === 0) continue;
    const subject =
      threshold >= 100
        ? `Glance: all ${limit.toLocaleString("en-US")} renders of ${month} are used`
        : `Glance: ${threshold}% of your monthly renders used`;
    const text = [
      `Your account has used ${renders.toLocaleString("en-US")} of the ${limit.toLocaleString("en-US")} renders the ${name} plan includes in ${month} (UTC).`,
      threshold >= 100
        ? "New renders are refused (429 quota_exceeded) until the month ends; cached results are still served."
        : "Past the quota, new renders are refused until the month ends; cached results are still served.",
      `See your usage or upgrade: ${env().APP_URL}/dashboard/billing`,
    ].join("\n\n");
    for (const recipient of recipients) {
      const sent = await deliverNotice(recipient, subject, text);
      log.info("quota alert", { userId, threshold, sent });
    }
  }
}
