/**
 * A monitor and its runs as the API shows them (D27): GET /v1/monitors/{id}, the list, a run of
 * GET /v1/monitors/{id}/runs — which is also the `data` of a `monitor.changed` webhook.
 */
import "server-only";
import { env } from "@/lib/env";
import type { JobRow } from "@/lib/jobs/store";
import { type MonitorRow, scheduleOf } from "./store";

export function monitorUrl(id: string): string {
  return `${env().APP_URL}/v1/monitors/${id}`;
}

export function monitorView(monitor: MonitorRow, extra: { sealedOptions?: string[]; baselineImageUrl?: string } = {}) {
  return {
    id: monitor.id,
    name: monitor.name,
    url: monitor.url,
    status: monitor.paused ? ("paused" as const) : ("active" as const),
    schedule: scheduleOf(monitor),
    nextRunAt: monitor.paused ? null : (monitor.next_run_at?.toISOString() ?? null),
    threshold: monitor.threshold,
    pixelThreshold: monitor.pixel_threshold,
    ignoreAntialiasing: !monitor.include_antialiasing,
    ignoreSelectors: monitor.ignore_selectors,
    baseline: monitor.baseline_mode,
    webhookUrl: monitor.webhook_url,
    email: monitor.email,
    capture: monitor.capture,
    ...(extra.sealedOptions?.length ? { sealedOptions: extra.sealedOptions } : {}),
    ...(extra.baselineImageUrl ? { baselineImageUrl: extra.baselineImageUrl } : {}),
    runsUrl: `${monitorUrl(monitor.id)}/runs`,
    createdAt: monitor.created_at.toISOString(),
    updatedAt: monitor.updated_at.toISOString(),
  };
}

export function runView(run: JobRow) {
  return {
    id: run.id,
    monitorId: run.monitor_id,
    status: run.state,
    trigger: run.scheduled_for ? ("schedule" as const) : ("manual" as const),
    scheduledFor: run.scheduled_for?.toISOString() ?? null,
    createdAt: run.created_at.toISOString(),
    startedAt: run.started_at?.toISOString() ?? null,
    finishedAt: run.finished_at?.toISOString() ?? null,
    ...(run.result ? { result: run.result } : {}),
    ...(run.error ? { error: run.error } : {}),
  };
}

/** What a run came to, in a few words (the Monitors page's last run): its end and outcome. */
export interface RunOutcome {
  endedAt: Date;
  outcome: "baseline" | "unchanged" | "changed" | "failed";
  /** The changed share (0–1), when it compared. */
  changedRatio?: number;
  /** The error's code, when it failed. */
  code?: string;
}

export function runOutcome(run: JobRow): RunOutcome {
  const endedAt = run.finished_at ?? run.created_at;
  if (run.state === "failed") return { endedAt, outcome: "failed", code: String(run.error?.code ?? "internal_error") };
  const result = (run.result ?? {}) as { changed?: boolean; changedRatio?: number };
  if (result.changedRatio === undefined) return { endedAt, outcome: "baseline" };
  return { endedAt, outcome: result.changed ? "changed" : "unchanged", changedRatio: result.changedRatio };
}
