import type { UpgradePath } from "@/lib/billing/upgrade-path";
import { setPlanCommand, UPGRADE_SETTINGS } from "@/lib/billing/upgrade-path";
import type { PlanId } from "@/lib/plans";
import { cn } from "@/components/ui";

const LINK = "font-medium text-brand-700 underline";

/**
 * The one sentence a customer reads about moving to a paid plan while self-serve billing is off
 * (#35, D33), on the pricing, billing and account pages alike. Server-rendered: the path comes
 * from lib/billing/upgrade-path.ts.
 */
export function UpgradeMessage({
  path,
  workspace,
  plan,
}: {
  path: Exclude<UpgradePath, { kind: "checkout" }>;
  /** The workspace acted for, when signed in: the one to name (a team's plan is its own, D18). */
  workspace?: { id: string; name: string };
  plan?: PlanId;
}) {
  const named = workspace && (
    <>
      {" "}
      Name the workspace by its id, <code className="font-mono text-xs">{workspace.id}</code> ({workspace.name}).
    </>
  );
  if (path.kind === "contact") {
    return (
      <>
        To move to a paid plan, contact us at{" "}
        <a className={LINK} href={path.href} data-testid="upgrade-contact">
          {path.label}
        </a>
        : we change your account&apos;s plan for you, and the new limits apply on your next request.{named}
      </>
    );
  }
  // No checkout and no contact route: the next step is a person, so say whom and what they run (#51).
  return (
    <>
      Paid plans are not sold online on this server. Ask the people who run it (whoever gave you its address) to change
      your plan; the new limits apply on your next request.
      {workspace && (
        <>
          {" "}
          They run{" "}
          <code className="font-mono text-xs [overflow-wrap:anywhere]" data-testid="set-plan-command">
            {setPlanCommand(workspace.id, plan)}
          </code>{" "}
          for this workspace ({workspace.name}).
        </>
      )}
    </>
  );
}

/** What the people who run the server set to open a route to paid plans: never shown to customers. */
export function UpgradeSetupHint({
  path,
  workspaceId,
  className,
}: {
  path: UpgradePath;
  workspaceId?: string;
  className?: string;
}) {
  if (path.kind === "checkout") return null;
  return (
    <div
      className={cn("rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900", className)}
      data-testid="upgrade-setup-hint"
    >
      <p className="font-medium">Only administrators of this server see this.</p>
      <p className="mt-1">
        Customers {path.kind === "contact" ? "are sent to your contact route" : "have no way to a paid plan yet"}. For
        Stripe Checkout set{" "}
        {/* The setting names are one long "word" each: on a phone they break anywhere, not past the edge. */}
        <code className="font-mono text-xs [overflow-wrap:anywhere]">{UPGRADE_SETTINGS.checkout}</code>
        {path.kind === "unavailable" && (
          <>
            ; for a contact route set{" "}
            <code className="font-mono text-xs [overflow-wrap:anywhere]">{UPGRADE_SETTINGS.contact}</code>
          </>
        )}
        . To change a plan by hand:{" "}
        <code className="font-mono text-xs [overflow-wrap:anywhere]">
          {setPlanCommand(workspaceId ?? "ID_OR_SLUG")}
        </code>{" "}
        (<code className="font-mono text-xs">npm run admin -- list-workspaces</code> lists them).
      </p>
    </div>
  );
}
