/**
 * What a monitor's owner can do to it (D27), for the API's handlers and the dashboard's actions
 * alike: create (under the plan's count limit, then its first run at once), change the fields
 * given, delete, run now. The schedule follows every change (schedule.ts). Ownership is the
 * caller's account (`ownerId`), read and written in one place.
 */
import "server-only";
import { type Caller, ownerId } from "@/lib/vocabulary/caller";
import { ApiError } from "@/lib/vocabulary/errors";
import { insertMonitorRun } from "@/lib/jobs/store";
import { enqueueJobs } from "@/lib/jobs/worker";
import { PLANS } from "@/lib/plans";
import { keptProxy, storedCapture } from "./capture";
import { assertMonitorTarget, enforceScheduleLimit, givenSchedule, type MonitorChange } from "./endpoint";
import { syncMonitorSchedule } from "./schedule";
import { DEFAULT_INTERVAL_SECONDS, nextTick, type Schedule } from "./schedule-rules";
import { deleteMonitor, insertMonitor, type MonitorFields, type MonitorRow, updateMonitor } from "./store";
import { runView } from "./view";

export function monitorNotFound(): ApiError {
  return new ApiError("monitor_not_found", "No monitor with this id belongs to this account.");
}

/** The fields of the monitor after `change` (given fields only) on `previous`, or new. */
async function fieldsAfter(change: MonitorChange, owner: string, previous?: MonitorRow): Promise<MonitorFields> {
  const { params, given } = change;
  const pick = <T>(name: string, value: T, before: T): T => (given.has(name) ? value : before);
  const schedule: Schedule =
    givenSchedule(params, given) ??
    (previous
      ? previous.cron
        ? { cron: previous.cron }
        : { interval: previous.interval_seconds ?? DEFAULT_INTERVAL_SECONDS }
      : { interval: DEFAULT_INTERVAL_SECONDS });
  const { capture, captureSecrets } = await storedCapture(params, given, owner, previous);
  const paused = pick("paused", params.paused, previous?.paused ?? false);
  const scheduleChanged = !previous || givenSchedule(params, given) !== undefined || (previous.paused && !paused);
  return {
    name: pick("name", params.name ?? null, previous?.name ?? null),
    url: pick("url", params.url, previous?.url) ?? "",
    capture,
    capture_secrets: captureSecrets,
    interval_seconds: "interval" in schedule ? schedule.interval : null,
    cron: "cron" in schedule ? schedule.cron : null,
    threshold: pick("threshold", params.threshold, previous?.threshold ?? params.threshold),
    pixel_threshold: pick("pixelThreshold", params.pixelThreshold, previous?.pixel_threshold ?? params.pixelThreshold),
    include_antialiasing: pick(
      "ignoreAntialiasing",
      !params.ignoreAntialiasing,
      previous?.include_antialiasing ?? !params.ignoreAntialiasing,
    ),
    ignore_selectors: pick("ignoreSelectors", params.ignoreSelectors ?? null, previous?.ignore_selectors ?? null),
    webhook_url: pick("webhookUrl", params.webhookUrl ?? null, previous?.webhook_url ?? null),
    email: pick("email", params.email?.trim() ?? null, previous?.email ?? null),
    baseline_mode: pick("baseline", params.baseline, previous?.baseline_mode ?? params.baseline),
    paused,
    // The next tick counts from now when the schedule is new (or resumed); else it stays.
    next_run_at: scheduleChanged ? nextTick(schedule, new Date()) : (previous?.next_run_at ?? null),
  };
}

/** Asks for a run now (paused or not); the run as GET …/runs will show it. */
export async function runMonitorNow(monitor: MonitorRow) {
  const run = await insertMonitorRun(monitor.user_id, monitor.id, null);
  if (!run) throw new ApiError("internal_error", "The run could not be recorded.");
  await enqueueJobs([run.id]);
  return runView(run);
}

export async function createMonitorFor(caller: Caller, change: MonitorChange) {
  const owner = ownerId(caller);
  const fields = await fieldsAfter(change, owner);
  const monitor = await insertMonitor(owner, fields, PLANS[caller.plan].monitors);
  if (!monitor) {
    const { name, monitors } = PLANS[caller.plan];
    throw new ApiError(
      "monitor_limit_reached",
      `The ${name} plan allows ${monitors} monitor${monitors === 1 ? "" : "s"}; delete one or upgrade.`,
    );
  }
  await syncMonitorSchedule(monitor.id, monitor);
  return { monitor, firstRun: await runMonitorNow(monitor) };
}

export async function updateMonitorFor(
  caller: Caller,
  previous: MonitorRow,
  change: MonitorChange,
): Promise<MonitorRow> {
  const owner = ownerId(caller);
  const { params, given } = change;
  // A new page with the kept proxy, or a new proxy for the kept page: the page is checked as its
  // runs will check it (D41, D42); the validate step could not, not knowing the monitor.
  if (given.has("url") !== given.has("proxy")) {
    const proxy = given.has("proxy") ? params.proxy : await keptProxy(previous);
    await assertMonitorTarget(params.url ?? previous.url, proxy, caller);
  }
  const fields = await fieldsAfter(change, owner, previous);
  // Resuming keeps the schedule it had: checked again against the plan of now.
  if (previous.paused && !fields.paused)
    enforceScheduleLimit(fields.cron ? { cron: fields.cron } : { interval: fields.interval_seconds! }, caller);
  const monitor = await updateMonitor(previous.id, owner, fields);
  if (!monitor) throw monitorNotFound();
  await syncMonitorSchedule(monitor.id, monitor);
  return monitor;
}

export async function deleteMonitorFor(caller: Caller, monitor: MonitorRow): Promise<void> {
  if (!(await deleteMonitor(monitor.id, ownerId(caller)))) throw monitorNotFound();
  await syncMonitorSchedule(monitor.id, undefined);
}
