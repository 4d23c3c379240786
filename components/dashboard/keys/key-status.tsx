import { cn } from "@/components/ui";

/** Revoked is final; paused (beyond a lower plan's key limit, D18) lasts until the customer chooses or upgrades. */
export function KeyStatus({ revokedAt, pausedAt = null }: { revokedAt: Date | null; pausedAt?: Date | null }) {
  const state = revokedAt ? "Revoked" : pausedAt ? "Paused" : "Active";
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset",
        state === "Revoked" && "bg-slate-100 text-slate-600 ring-slate-200",
        state === "Paused" && "bg-amber-50 text-amber-800 ring-amber-200",
        state === "Active" && "bg-emerald-50 text-emerald-700 ring-emerald-200",
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          "size-1.5 rounded-full",
          state === "Revoked" ? "bg-slate-400" : state === "Paused" ? "bg-amber-500" : "bg-emerald-500",
        )}
      />
      {state}
    </span>
  );
}
