/**
 * What every instance runs (D20, D27): the job workers, with monitors' runs as a job kind of their
 * own, and this instance's part of the monitors' schedule. Started by lib/bootstrap.ts, stopped by
 * lib/shutdown.ts (and by the tests' instances).
 */
import "server-only";
import { MONITOR_RUN } from "@/lib/jobs/store";
import { startJobWorkers, stopJobWorkers } from "@/lib/jobs/worker";
import { monitorRunKind } from "./run";
import { startMonitorScheduler, stopMonitorScheduler } from "./schedule";

export async function startMonitoring(): Promise<void> {
  await startJobWorkers({ [MONITOR_RUN]: monitorRunKind });
  await startMonitorScheduler();
}

export async function stopMonitoring(): Promise<void> {
  await stopMonitorScheduler();
  await stopJobWorkers();
}
