/**
 * What every instance runs (D20, D27): the job workers, with monitors' runs as a job kind of their
 * own, and this instance's part of the monitors' schedule. Started by lib/bootstrap.ts, stopped by
 * lib/shutdown.ts (and by the tests' instances).
 */
import "server-only";
import { MONITOR_RUN } from "@/lib/jobs/store";
import { type JobKind, startJobWorkers, stopJobWorkers } from "@/lib/jobs/worker";
import { monitorRunKind } from "./run";
import { startMonitorScheduler, stopMonitorScheduler } from "./schedule";

/** `otherKinds`: the other job kinds every instance runs beside monitors' runs (a crawl's pages, D32). */
export async function startMonitoring(otherKinds: Readonly<Record<string, JobKind>> = {}): Promise<void> {
  await startJobWorkers({ ...otherKinds, [MONITOR_RUN]: monitorRunKind });
  await startMonitorScheduler();
}

export async function stopMonitoring(): Promise<void> {
  await stopMonitorScheduler();
  await stopJobWorkers();
}
