/**
 * Monitors' schedules (D27). PostgreSQL holds each schedule (interval or cron, paused or not); what
 * drives the ticks follows the job queue (D20): BullMQ's job schedulers on Redis
 * (schedule-bullmq.ts), or on the embedded default (and Upstash) a loop in every instance that
 * claims due ticks from `monitors.next_run_at` with a conditional update. Either way a tick is
 * recorded as one job row named by its tick (a unique index: however many instances see it, one
 * run), then put on the job queue, so the run has the jobs' lease, sweep and one recorded end.
 * The same loop sends alert e-mails that are due (alerts.ts). State is on globalThis: Next loads
 * this module once per bundle, and a route's change must reach the loop bootstrap started.
 */
import "server-only";
import { env } from "@/lib/env";
import { insertMonitorRun } from "@/lib/jobs/store";
import { enqueueJobs } from "@/lib/jobs/worker";
import { log } from "@/lib/log";
import { sendPendingAlertEmails } from "./alerts";
import type { BullMonitorSchedule } from "./schedule-bullmq";
import { nextTickAfterNow } from "./schedule-rules";
import {
  activeMonitors,
  advanceTick,
  dueMonitors,
  earliestTick,
  monitorForRun,
  type MonitorRow,
  scheduleOf,
  setNextRun,
} from "./store";

/** The BullMQ schedulers are rebuilt from the database this often (and at start). */
const RECONCILE_MS = 10 * 60_000;

interface State {
  config: string;
  bull?: Promise<BullMonitorSchedule>;
  timer?: NodeJS.Timeout;
  running: boolean;
  pass?: Promise<void>;
  lastReconcile: number;
}

const KEY = Symbol.for("glance.monitors.schedule");
const shared = globalThis as { [KEY]?: State };

function usesBull(): boolean {
  const e = env();
  return Boolean(e.REDIS_URL && !e.UPSTASH_REDIS_REST_URL);
}

function state(): State {
  const e = env();
  const config = JSON.stringify([e.REDIS_URL, e.UPSTASH_REDIS_REST_URL, e.REDIS_PREFIX]);
  if (shared[KEY]?.config !== config) shared[KEY] = { config, running: false, lastReconcile: 0 };
  return shared[KEY];
}

function bull(s: State): Promise<BullMonitorSchedule> {
  s.bull ??= import("./schedule-bullmq").then(
    ({ BullMonitorSchedule }) => new BullMonitorSchedule(env().REDIS_URL!, `${env().REDIS_PREFIX}bull`),
  );
  return s.bull;
}

/** Records tick `tick` of the monitor as a run and queues it (once, whoever else records it). */
async function recordTick(monitor: MonitorRow, tick: Date): Promise<void> {
  const run = await insertMonitorRun(monitor.user_id, monitor.id, tick);
  if (run) await enqueueJobs([run.id]);
}

/** A BullMQ tick: the monitor as it is now decides whether it runs. */
async function onBullTick(monitorId: string, tick: Date): Promise<void> {
  const monitor = await monitorForRun(monitorId);
  if (!monitor || monitor.paused) return;
  await recordTick(monitor, tick);
  await setNextRun(monitor.id, nextTickAfterNow(scheduleOf(monitor), tick));
}

/** The in-process schedule's pass: every due tick claimed by one instance. */
async function claimDueTicks(): Promise<void> {
  for (const monitor of await dueMonitors()) {
    const tick = monitor.next_run_at!;
    // Recorded before it is moved on: an instance that dies between the two leaves the tick to be
    // recorded again by the next pass, and the tick's unique index keeps it one run.
    await recordTick(monitor, tick);
    await advanceTick(monitor.id, tick, nextTickAfterNow(scheduleOf(monitor), tick));
  }
}

async function pass(s: State): Promise<void> {
  if (usesBull()) {
    if (Date.now() - s.lastReconcile >= RECONCILE_MS) {
      s.lastReconcile = Date.now();
      await (await bull(s)).reconcile(await activeMonitors());
    }
  } else {
    await claimDueTicks();
  }
  await sendPendingAlertEmails();
}

async function nextPassIn(): Promise<number> {
  const poll = env().MONITOR_POLL_MS;
  if (usesBull()) return poll;
  const earliest = await earliestTick();
  return earliest ? Math.min(poll, Math.max(10, earliest.getTime() - Date.now())) : poll;
}

function loop(s: State, delayMs: number): void {
  clearTimeout(s.timer);
  if (!s.running) return;
  s.timer = setTimeout(() => {
    s.pass = pass(s)
      .catch((error: unknown) => log.warn("monitor schedule pass failed", { error }))
      .then(() => nextPassIn().catch(() => env().MONITOR_POLL_MS))
      .then((next) => loop(s, next));
  }, delayMs);
  s.timer.unref();
}

/** Starts this instance's part of the schedule (idempotent): tick worker or loop, and the e-mail sweep. */
export async function startMonitorScheduler(): Promise<void> {
  const s = state();
  if (s.running) return;
  s.running = true;
  if (usesBull()) (await bull(s)).start((id, tick) => onBullTick(id, tick), 4);
  loop(s, 0);
  log.info("monitor schedule started", { schedule: usesBull() ? "bullmq" : "in-process" });
}

export async function stopMonitorScheduler(): Promise<void> {
  const s = shared[KEY];
  if (!s) return;
  s.running = false;
  clearTimeout(s.timer);
  await s.pass;
  if (s.bull) await (await s.bull).close();
  shared[KEY] = undefined;
}

/**
 * After a monitor is created, changed, paused, resumed or deleted: its BullMQ scheduler follows
 * the row, or the in-process loop looks again at once. A failure is logged: the reconcile and the
 * loop repair it.
 */
export async function syncMonitorSchedule(monitorId: string, monitor: MonitorRow | undefined): Promise<void> {
  const s = state();
  try {
    if (usesBull()) await (await bull(s)).sync(monitorId, monitor);
    else if (s.running) loop(s, 0);
  } catch (error) {
    log.warn("monitor schedule not updated; the next reconcile will", { monitorId, error });
  }
}
