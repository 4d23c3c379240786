import { cn } from "@/components/ui";
import Link from "next/link";
import { PLANS, type PlanId } from "@/lib/plans";
import { bannerLevel } from "@/lib/usage/alerts";
import { monthUsage } from "@/lib/usage/stats";

/** Across the dashboard once the month's renders reach 80 % or 100 % of the quota (D18). */
export async function QuotaBanner({ userId, plan }: { userId: string; plan: PlanId }) {
  const { renders } = await monthUsage(userId);
  const limit = PLANS[plan].rendersPerMonth;
  const level = bannerLevel(renders, limit);
  if (level === null) return null;
  const full = level >= 100;
  return (
    <div
      role="status"
      data-testid="quota-banner"
      className={cn(
        "mb-6 rounded-lg border px-4 py-3 text-sm",
        full ? "border-red-300 bg-red-50 text-red-900" : "border-amber-300 bg-amber-50 text-amber-900",
      )}
    >
      {full
        ? `All ${limit.toLocaleString("en-US")} renders of this month are used: new renders get 429 quota_exceeded until the month ends (cached results are still served). `
        : `You have used ${renders.toLocaleString("en-US")} of this month's ${limit.toLocaleString("en-US")} renders. `}
      <Link href="/dashboard/billing" className="font-medium underline">
        Upgrade
      </Link>
    </div>
  );
}
