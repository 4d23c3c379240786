/**
 * What every instance runs (D20, D27): the job workers, with monitors' runs as a job kind of their
 * own, and this instance's part of the monitors' schedule. Started by lib/bootstrap.ts, stopped by
 * lib/shutdown.ts (and by the tests' instances).
 */
import "server-only";
import { type JobKindName, MONITOR_RUN } from "@/lib/jobs/store";
import { type JobKind, startJobWorkers, stopJobWorkers } from "@/lib/jobs/worker";
import { monitorRunKind } from "./run";
import { startMonitorScheduler, stopMonitorScheduler } from "./schedule";

/** Every job kind's runner (lib/jobs/store.ts JobKindName): a kind without one fails to compile. */
const JOB_KIND_RUNNERS = { [MONITOR_RUN]: monitorRunKind } as const satisfies Record<JobKindName, JobKind>;

export async function startMonitoring(): Promise<void> {
  await startJobWorkers(JOB_KIND_RUNNERS);
  await startMonitorScheduler();
}

export async function stopMonitoring(): Promise<void> {
  await stopMonitorScheduler();
  await stopJobWorkers();
}
