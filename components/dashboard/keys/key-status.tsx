import clsx from "clsx";

export function KeyStatus({ revokedAt }: { revokedAt: Date | null }) {
  return (
    <span
      className={clsx(
        "inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset",
        revokedAt ? "bg-slate-100 text-slate-600 ring-slate-200" : "bg-emerald-50 text-emerald-700 ring-emerald-200",
      )}
    >
      <span aria-hidden="true" className={clsx("size-1.5 rounded-full", revokedAt ? "bg-slate-400" : "bg-emerald-500")} />
      {revokedAt ? "Revoked" : "Active"}
    </span>
  );
}
