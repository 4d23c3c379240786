/**
 * The /v1/monitors routes after the pipeline (D27). Everything is the caller's account's own
 * (ownerId): another account's monitor id answers 404 monitor_not_found, word for word the answer
 * for an id nobody has. A new monitor's first run is asked for at once, so it has its baseline
 * before its first scheduled tick.
 */
import "server-only";
import { type ApiContext, ownerId } from "@/lib/api/context";
import { ApiError } from "@/lib/api/errors";
import { findBaseline, publishBaseline } from "@/lib/diff/baselines";
import { insertMonitorRun, listMonitorRuns } from "@/lib/jobs/store";
import { enqueueJobs } from "@/lib/jobs/worker";
import { PLANS } from "@/lib/plans";
import { sealedOptionNames, storedCapture } from "./capture";
import { enforceScheduleLimit, givenSchedule, type MonitorChange } from "./endpoint";
import { syncMonitorSchedule } from "./schedule";
import { DEFAULT_INTERVAL_SECONDS, nextTick, type Schedule } from "./schedule-rules";
import {
  deleteMonitor,
  findMonitor,
  insertMonitor,
  listMonitors,
  type MonitorFields,
  type MonitorRow,
  updateMonitor,
} from "./store";
import { monitorUrl, monitorView, runView } from "./view";

const NO_STORE = { "Cache-Control": "no-store" } as const;
/** Runs GET /v1/monitors/{id}/runs answers: the newest. */
const RUNS_LISTED = 100;

const ID = /\/v1\/monitors\/(mon_[a-z0-9]{24})(?:\/|$)/;

function notFound(): ApiError {
  return new ApiError("monitor_not_found", "No monitor with this id belongs to this account.");
}

/** The caller's monitor named by the path, or the 404. */
async function monitorOf(ctx: ApiContext<unknown, unknown>): Promise<MonitorRow> {
  const id = ID.exec(new URL(ctx.request.url).pathname)?.[1];
  const monitor = id ? await findMonitor(id, ownerId(ctx.caller)) : undefined;
  if (!monitor) throw notFound();
  return monitor;
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

/** Asks for a run now; 202-style view of it. */
async function startRun(monitor: MonitorRow) {
  const run = await insertMonitorRun(monitor.user_id, monitor.id, null);
  if (!run) throw new ApiError("internal_error", "The run could not be recorded.");
  await enqueueJobs([run.id]);
  return runView(run);
}

export async function handleCreateMonitor(ctx: ApiContext<unknown, MonitorChange>): Promise<Response> {
  const owner = ownerId(ctx.caller);
  const fields = await fieldsAfter(ctx.validated, owner);
  const monitor = await insertMonitor(owner, fields, PLANS[ctx.caller.plan].monitors);
  if (!monitor)
    throw new ApiError(
      "monitor_limit_reached",
      `The ${PLANS[ctx.caller.plan].name} plan allows ${PLANS[ctx.caller.plan].monitors} monitor${PLANS[ctx.caller.plan].monitors === 1 ? "" : "s"}; delete one or upgrade.`,
    );
  await syncMonitorSchedule(monitor.id, monitor);
  const firstRun = await startRun(monitor);
  return Response.json(
    { ...monitorView(monitor, { sealedOptions: await sealedOptionNames(monitor) }), firstRun },
    { status: 201, headers: { ...NO_STORE, Location: monitorUrl(monitor.id) } },
  );
}

export async function handleListMonitors(ctx: ApiContext<unknown, unknown>): Promise<Response> {
  const monitors = await listMonitors(ownerId(ctx.caller));
  return Response.json({ monitors: monitors.map((m) => monitorView(m)) }, { headers: NO_STORE });
}

export async function handleGetMonitor(ctx: ApiContext<unknown, unknown>): Promise<Response> {
  const monitor = await monitorOf(ctx);
  const baseline = (await findBaseline(monitor.id, monitor.user_id))?.baseline;
  const baselineImageUrl = baseline ? await publishBaseline(baseline, monitor.user_id, ctx.caller.plan) : undefined;
  return Response.json(monitorView(monitor, { sealedOptions: await sealedOptionNames(monitor), baselineImageUrl }), {
    headers: NO_STORE,
  });
}

export async function handleUpdateMonitor(ctx: ApiContext<unknown, MonitorChange>): Promise<Response> {
  const previous = await monitorOf(ctx);
  const owner = ownerId(ctx.caller);
  const fields = await fieldsAfter(ctx.validated, owner, previous);
  // Resuming keeps the schedule it had: checked again against the plan of now.
  if (previous.paused && !fields.paused)
    enforceScheduleLimit(fields.cron ? { cron: fields.cron } : { interval: fields.interval_seconds! }, ctx.caller);
  const monitor = await updateMonitor(previous.id, owner, fields);
  if (!monitor) throw notFound();
  await syncMonitorSchedule(monitor.id, monitor);
  return Response.json(monitorView(monitor, { sealedOptions: await sealedOptionNames(monitor) }), {
    headers: NO_STORE,
  });
}

export async function handleDeleteMonitor(ctx: ApiContext<unknown, unknown>): Promise<Response> {
  const monitor = await monitorOf(ctx);
  if (!(await deleteMonitor(monitor.id, ownerId(ctx.caller)))) throw notFound();
  await syncMonitorSchedule(monitor.id, undefined);
  return new Response(null, { status: 204, headers: NO_STORE });
}

export async function handleRunMonitor(ctx: ApiContext<unknown, unknown>): Promise<Response> {
  const monitor = await monitorOf(ctx);
  const run = await startRun(monitor);
  return Response.json(run, { status: 202, headers: { ...NO_STORE, Location: `${monitorUrl(monitor.id)}/runs` } });
}

export async function handleListRuns(ctx: ApiContext<unknown, unknown>): Promise<Response> {
  const monitor = await monitorOf(ctx);
  const runs = await listMonitorRuns(monitor.id, ownerId(ctx.caller), RUNS_LISTED);
  return Response.json({ monitorId: monitor.id, runs: runs.map(runView) }, { headers: NO_STORE });
}
