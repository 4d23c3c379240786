import { Badge, type BadgeTone } from "@/components/ui";
import { PLANS, type PlanId } from "@/lib/plans";

/** One colour per plan, wherever a plan is named (dashboard header, account page, docs, changelog). */
const TONE: Record<PlanId, BadgeTone> = { free: "neutral", starter: "info", pro: "brand", business: "warning" };

/**
 * The one plan badge. By default it names a plan the user is on ("Pro plan"); `orHigher` marks
 * something a plan unlocks ("Pro+", D3), with the full sentence in its title.
 */
export function PlanBadge({
  plan,
  orHigher = false,
  className,
}: {
  plan: PlanId;
  orHigher?: boolean;
  className?: string;
}) {
  const name = PLANS[plan].name;
  return orHigher ? (
    <Badge tone={TONE[plan]} className={className} title={`Requires the ${name} plan or higher`}>
      {name}+
    </Badge>
  ) : (
    <Badge tone={TONE[plan]} className={className}>
      {name} plan
    </Badge>
  );
}
