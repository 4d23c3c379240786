/**
 * The /v1/monitors routes after the pipeline (D27). Everything is the caller's account's own
 * (ownerId): another account's monitor id answers 404 monitor_not_found, word for word the answer
 * for an id nobody has. A new monitor's first run is asked for at once, so it has its baseline
 * before its first scheduled tick.
 */
import "server-only";
import { type ApiContext } from "@/lib/api/context";
import { type EmptyOutcome, emptyOutcome, type JsonOutcome, jsonOutcome } from "@/lib/api/outcome";
import { ownerId } from "@/lib/vocabulary/caller";
import { findBaseline, publishBaseline } from "@/lib/diff/baselines";
import { listMonitorRuns } from "@/lib/jobs/store";
import { cacheTtlSeconds } from "@/lib/plans";
import { sealedOptionNames } from "./capture";
import type { MonitorChange } from "./endpoint";
import { createMonitorFor, deleteMonitorFor, monitorNotFound, runMonitorNow, updateMonitorFor } from "./service";
import { findMonitor, listMonitors, type MonitorRow } from "./store";
import { monitorUrl, monitorView, runView } from "./view";

const NO_STORE = { "Cache-Control": "no-store" } as const;
/** Runs GET /v1/monitors/{id}/runs answers: the newest. */
const RUNS_LISTED = 100;

const ID = /\/v1\/monitors\/(mon_[a-z0-9]{24})(?:\/|$)/;

/** The caller's monitor named by the path, or the 404. */
async function monitorOf(ctx: ApiContext<unknown, unknown>): Promise<MonitorRow> {
  const id = ID.exec(ctx.path)?.[1];
  const monitor = id ? await findMonitor(id, ownerId(ctx.caller)) : undefined;
  if (!monitor) throw monitorNotFound();
  return monitor;
}

export async function handleCreateMonitor(ctx: ApiContext<unknown, MonitorChange>): Promise<JsonOutcome> {
  const { monitor, firstRun } = await createMonitorFor(ctx.caller, ctx.validated);
  return jsonOutcome(
    { ...monitorView(monitor, { sealedOptions: await sealedOptionNames(monitor) }), firstRun },
    { status: 201, headers: { ...NO_STORE, Location: monitorUrl(monitor.id) } },
  );
}

export async function handleListMonitors(ctx: ApiContext<unknown, unknown>): Promise<JsonOutcome> {
  const monitors = await listMonitors(ownerId(ctx.caller));
  return jsonOutcome({ monitors: monitors.map((m) => monitorView(m)) }, { headers: NO_STORE });
}

export async function handleGetMonitor(ctx: ApiContext<unknown, unknown>): Promise<JsonOutcome> {
  const monitor = await monitorOf(ctx);
  const baseline = (await findBaseline(monitor.id, monitor.user_id))?.baseline;
  const baselineImageUrl = baseline
    ? await publishBaseline(baseline, monitor.user_id, cacheTtlSeconds(ctx.caller.plan) * 1000)
    : undefined;
  return jsonOutcome(monitorView(monitor, { sealedOptions: await sealedOptionNames(monitor), baselineImageUrl }), {
    headers: NO_STORE,
  });
}

export async function handleUpdateMonitor(ctx: ApiContext<unknown, MonitorChange>): Promise<JsonOutcome> {
  const monitor = await updateMonitorFor(ctx.caller, await monitorOf(ctx), ctx.validated);
  return jsonOutcome(monitorView(monitor, { sealedOptions: await sealedOptionNames(monitor) }), {
    headers: NO_STORE,
  });
}

export async function handleDeleteMonitor(ctx: ApiContext<unknown, unknown>): Promise<EmptyOutcome> {
  await deleteMonitorFor(ctx.caller, await monitorOf(ctx));
  return emptyOutcome(204, NO_STORE);
}

export async function handleRunMonitor(ctx: ApiContext<unknown, unknown>): Promise<JsonOutcome> {
  const monitor = await monitorOf(ctx);
  const run = await runMonitorNow(monitor);
  return jsonOutcome(run, { status: 202, headers: { ...NO_STORE, Location: `${monitorUrl(monitor.id)}/runs` } });
}

export async function handleListRuns(ctx: ApiContext<unknown, unknown>): Promise<JsonOutcome> {
  const monitor = await monitorOf(ctx);
  const runs = await listMonitorRuns(monitor.id, ownerId(ctx.caller), RUNS_LISTED);
  return jsonOutcome({ monitorId: monitor.id, runs: runs.map(runView) }, { headers: NO_STORE });
}
