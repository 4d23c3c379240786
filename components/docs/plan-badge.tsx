import { Badge } from "@/components/ui";
import { PLANS, type PlanId } from "@/lib/plans";

/** "Starter+" style badge for plan-gated parameters (D3). */
export function PlanBadge({ plan }: { plan: PlanId }) {
  return (
    <Badge tone={plan === "starter" ? "info" : "brand"} title={`Requires the ${PLANS[plan].name} plan or higher`}>
      {PLANS[plan].name}+
    </Badge>
  );
}
