/**
 * The delivery log (D20): each delivery with its state, and every attempt — the receiver's status
 * or why nothing was sent, and how long it took. Times are UTC.
 */
import { cn } from "@/components/ui";
import { formatDateTime } from "@/components/dashboard/format";
import { cardClass } from "@/components/dashboard/styles";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { DeliveryLogEntry } from "@/lib/webhooks/log";
import { RedeliverButton } from "./redeliver";

const STATE_TONES: Record<string, BadgeTone> = { delivered: "success", pending: "warning", failed: "danger" };

export function DeliveryLog({ deliveries }: { deliveries: DeliveryLogEntry[] }) {
  if (deliveries.length === 0) {
    return <p className={cn(cardClass, "px-6 py-12 text-center text-sm text-slate-600")}>No webhooks sent yet.</p>;
  }
  return (
    <ul className={cn(cardClass, "divide-y divide-slate-100")} data-testid="delivery-log">
      {deliveries.map((d) => (
        <li key={d.id}>
          <details className="group px-4 py-3">
            <summary className="flex cursor-pointer flex-wrap items-center gap-x-4 gap-y-1 text-sm">
              <Badge tone={STATE_TONES[d.state] ?? "neutral"}>{d.state}</Badge>
              <code className="text-xs">{d.eventType}</code>
              <span className="tabular-nums text-slate-600">{formatDateTime(d.createdAt)}</span>
              <span className="text-slate-600">
                {d.attempts} attempt{d.attempts === 1 ? "" : "s"}
                {d.state === "pending" && d.nextAttemptAt ? `, next ${formatDateTime(d.nextAttemptAt)}` : ""}
              </span>
              <span className="max-w-full truncate text-slate-500 sm:max-w-xs">{d.url}</span>
            </summary>
            <p className="mt-2 text-xs text-slate-600">
              webhook-id <code>{d.id}</code>
            </p>
            {d.state === "failed" && <RedeliverButton deliveryId={d.id} />}
            {d.attemptsLog.length > 0 && (
              <table className="mt-2 w-full text-left text-sm">
                <thead className="text-xs uppercase text-slate-500">
                  <tr>
                    {["#", "Time", "Answer", "Duration"].map((h) => (
                      <th key={h} scope="col" className="px-2 py-1 font-medium">
                        {h}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {d.attemptsLog.map((a) => (
                    <tr key={a.attempt}>
                      <td className="px-2 py-1 tabular-nums">{a.attempt}</td>
                      <td className="whitespace-nowrap px-2 py-1 tabular-nums">{`${a.startedAt.toISOString().replace("T", " ").slice(0, 19)} UTC`}</td>
                      <td className={cn("px-2 py-1", a.ok ? "text-emerald-700" : "text-red-700")}>
                        {a.ok ? `${a.statusCode}` : (a.error ?? `${a.statusCode}`)}
                      </td>
                      <td className="px-2 py-1 tabular-nums">{a.durationMs} ms</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </details>
        </li>
      ))}
    </ul>
  );
}
