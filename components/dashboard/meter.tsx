import { cn } from "@/components/ui";
import { formatNumber } from "@/components/dashboard/format";

/** A labelled progress bar for "used of allowed" figures (renders this month, active keys). */
export function Meter({ label, used, limit, unit }: { label: string; used: number; limit: number; unit: string }) {
  const ratio = limit > 0 ? Math.min(1, used / limit) : 1;
  const tone = ratio >= 1 ? "bg-red-500" : ratio >= 0.8 ? "bg-amber-500" : "bg-brand-600";
  return (
    <div>
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium text-slate-900">{label}</span>
        <span className="tabular-nums text-slate-600">
          {formatNumber(used)} of {formatNumber(limit)} {unit}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={limit}
        aria-valuenow={Math.min(used, limit)}
        aria-valuetext={`${formatNumber(used)} of ${formatNumber(limit)} ${unit}`}
        className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className={cn("h-full rounded-full", tone)}
          style={{ width: `${Math.max(ratio * 100, used > 0 ? 1 : 0)}%` }}
        />
      </div>
    </div>
  );
}
