import clsx from "clsx";
import { PLANS, type PlanId } from "@/lib/plans";

const TONE: Record<PlanId, string> = {
  free: "bg-slate-100 text-slate-700 ring-slate-200",
  starter: "bg-sky-50 text-sky-800 ring-sky-200",
  pro: "bg-brand-50 text-brand-700 ring-brand-200",
  business: "bg-amber-50 text-amber-800 ring-amber-200",
};

export function PlanBadge({ plan, className }: { plan: PlanId; className?: string }) {
  return (
    <span className={clsx("inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset", TONE[plan], className)}>
      {PLANS[plan].name} plan
    </span>
  );
}
