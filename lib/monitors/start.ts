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

/**
 * The job kinds of other features (a crawl's pages, D32), which lib/bootstrap.ts hands in: every
 * job kind has its runner (lib/jobs/store.ts JobKindName), so a kind without one fails to compile.
 * Tests that run monitors alone leave it out.
 */
type OtherJobKinds = Record<Exclude<JobKindName, typeof MONITOR_RUN>, JobKind>;

export async function startMonitoring(otherKinds?: OtherJobKinds): Promise<void> {
  const runners = { ...otherKinds, [MONITOR_RUN]: monitorRunKind } satisfies Partial<Record<JobKindName, JobKind>>;
  await startJobWorkers(runners);
  await startMonitorScheduler();
}

export async function stopMonitoring(): Promise<void> {
  await stopMonitorScheduler();
  await stopJobWorkers();
}
