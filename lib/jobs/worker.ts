/**
 * The job workers of this instance (D20). Every app instance runs them (started from
 * lib/bootstrap.ts): `JOBS_CONCURRENCY` jobs at once, taken from the queue. For each job id:
 * claim the row (one holder at a time, at most `JOBS_ACCOUNT_CONCURRENCY` running per account
 * across all instances), renew the lease while it runs, record the end once, announce it.
 * A sweep every lease period puts back on the queue what nobody works on: queued rows whose queue
 * entry is gone and running rows whose instance died (lease expired).
 */
import "server-only";
import { randomBytes } from "node:crypto";
import os from "node:os";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { metrics } from "@/lib/observability/metrics";
import { afterJobEnd, jobEndAnnouncer } from "./complete";
import { jobQueue, closeJobQueue } from "./queue";
import { runJob, type RunResult } from "./run";
import { PLANS } from "@/lib/plans";
import { claimJob, finishJob, orphanedJobs, pruneEndedJobs, releaseJob, renewLease } from "./claims";
import { MONITOR_RUN, type JobRow } from "./store";
import type { PoolClient } from "pg";

/**
 * A kind of job that is not a render request (a monitor's run, D27), by the job row's endpoint.
 * Its runner is handed in when the workers start (lib/bootstrap.ts), so lib/jobs depends on no
 * feature that uses it. What it returns may carry its own announcement, run in the transaction
 * that records the job's end (instead of the job.* webhooks), and work for after the commit.
 */
export interface JobKind {
  run(job: JobRow, signal: AbortSignal): Promise<KindResult>;
  /**
   * Runs in the transaction that records the job as given up (interrupted too often, never run to
   * its end), so the kind can record what its run would have (a crawl's page as failed, D32).
   */
  gaveUp?(client: PoolClient, job: JobRow): Promise<void>;
}

export type KindResult = RunResult & {
  announce?: (client: PoolClient, job: JobRow) => Promise<void>;
  afterCommit?: (job: JobRow) => void;
};

let kinds: Readonly<Record<string, JobKind>> = {};

/** Who holds a claim: this process, unique even when a restarted process reuses a pid. */
const INSTANCE_ID = `${os.hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;

/** A job whose run never ended this many times (its instance died each time) fails instead of taking a fourth instance down. */
const MAX_ATTEMPTS = 3;

/**
 * How soon a job whose account is at its limit is looked at again: a second for the next in line,
 * a second more per `limit` jobs ahead of it (at most 30 s), plus jitter so a bulk does not come
 * back in lockstep. A batch of 100 then costs a few claims a second while it waits, not 100.
 */
function accountBusyRetryMs(ahead: number, limit: number): number {
  return Math.min(30_000, 1_000 * (1 + Math.floor(ahead / limit))) + Math.floor(Math.random() * 500);
}

/** A queued row older than this without a worker on it may have lost its queue entry. */
const QUEUED_ORPHAN_MS = 10_000;

/**
 * Ended jobs are kept as long as the longest plan keeps a result (60 days), so a job's status
 * outlives its file; pruned at most every 10 minutes per instance. A monitor's run keeps its images
 * this long too (D27).
 */
export const JOB_RETENTION_MS = Math.max(...Object.values(PLANS).map((plan) => plan.cacheTtlDays)) * 86_400_000;
const PRUNE_INTERVAL_MS = 10 * 60_000;
let lastPrune = 0;

/** One job id from the queue: see the file comment. */
async function processJob(id: string): Promise<{ retryInMs?: number }> {
  const e = env();
  const leaseMs = e.JOBS_LEASE_SECONDS * 1000;
  const claim = await claimJob(id, INSTANCE_ID, leaseMs, e.JOBS_ACCOUNT_CONCURRENCY);
  if (claim.kind === "gone") return {};
  if (claim.kind === "account_busy") return { retryInMs: accountBusyRetryMs(claim.ahead, e.JOBS_ACCOUNT_CONCURRENCY) };
  const job = claim.job;

  const controller = new AbortController();
  let result: KindResult;
  if (job.attempts > MAX_ATTEMPTS) {
    result = {
      state: "failed",
      error: {
        type: `${e.APP_URL}/docs/errors#internal_error`,
        title: "Internal Server Error",
        status: 500,
        code: "internal_error",
        detail: `The job was interrupted ${MAX_ATTEMPTS} times and was given up.`,
        requestId: job.id,
      },
      announce: kinds[job.endpoint]?.gaveUp,
    };
  } else {
    // Renewed at a third of the lease, so two missed renewals still leave it held.
    const renewal = setInterval(() => {
      renewLease(job.id, INSTANCE_ID, leaseMs).then(
        (held) => {
          if (!held) controller.abort(); // another instance took it over: its run is the one that counts
        },
        (error: unknown) => log.warn("job lease renewal failed", { jobId: job.id, error }),
      );
    }, leaseMs / 3);
    try {
      const kind = kinds[job.endpoint];
      result = kind ? await kind.run(job, controller.signal) : await runJob(job, controller.signal);
    } finally {
      clearInterval(renewal);
    }
  }

  if (result.state === "retry") {
    await releaseJob(job.id, INSTANCE_ID);
    return { retryInMs: result.afterMs };
  }
  // The end and its announcement (the webhook delivery) commit together, once per job.
  const { announce, afterCommit } = result;
  const announcer = kinds[job.endpoint]
    ? async (client: PoolClient, ended: { job: JobRow }) => announce?.(client, ended.job)
    : await jobEndAnnouncer(job.user_id);
  const finished = await finishJob(job.id, INSTANCE_ID, result, announcer);
  if (!finished) return {}; // taken over meanwhile: the other instance records the end
  countJobEnd(job.endpoint, finished.job.state);
  afterJobEnd(finished);
  afterCommit?.(finished.job);
  return {};
}

/** The end of a job in this instance's metrics (D40): by kind and state, and a monitor's run as such. */
function countJobEnd(kind: string, state: string): void {
  metrics().jobsFinished.inc({ kind, state });
  if (kind === MONITOR_RUN) metrics().monitorRuns.inc({ state });
}

/** Puts the jobs nobody works on back on the queue, and now and then prunes ended ones. */
async function sweepOrphanedJobs(queuedForMs = QUEUED_ORPHAN_MS): Promise<void> {
  const orphans = await orphanedJobs(queuedForMs);
  if (orphans.length > 0) await (await jobQueue()).enqueue(orphans.map((o) => o.id));
  if (Date.now() - lastPrune < PRUNE_INTERVAL_MS) return;
  lastPrune = Date.now();
  await pruneEndedJobs(new Date(Date.now() - JOB_RETENTION_MS));
}

/** Puts accepted jobs on the queue. Their rows exist already: if this fails, the sweep enqueues them later. */
export async function enqueueJobs(ids: readonly string[]): Promise<void> {
  try {
    await (await jobQueue()).enqueue(ids);
  } catch (error) {
    log.warn("job enqueue failed; the sweep will pick the jobs up", { error, jobs: ids.length });
  }
}

let sweeper: NodeJS.Timeout | undefined;

/** Starts this instance's workers and sweep (idempotent), running `extraKinds` beside the render jobs. */
export async function startJobWorkers(extraKinds: Readonly<Record<string, JobKind>> = {}): Promise<void> {
  if (sweeper) return;
  kinds = extraKinds;
  const e = env();
  const queue = await jobQueue();
  queue.start(processJob, e.JOBS_CONCURRENCY);
  const sweep = () => sweepOrphanedJobs().catch((error: unknown) => log.warn("job sweep failed", { error }));
  // At start at once: jobs queued before a restart of the embedded default are only in the database.
  void sweepOrphanedJobs(0).catch((error: unknown) => log.warn("job sweep failed", { error }));
  sweeper = setInterval(sweep, e.JOBS_LEASE_SECONDS * 1000);
  sweeper.unref();
  log.info("job workers started", {
    instance: INSTANCE_ID,
    concurrency: e.JOBS_CONCURRENCY,
    queue: e.REDIS_URL && !e.UPSTASH_REDIS_REST_URL ? "bullmq" : "in-process",
  });
}

/** Stops taking jobs and waits for the running ones (shutdown, tests). */
export async function stopJobWorkers(): Promise<void> {
  if (sweeper) clearInterval(sweeper);
  sweeper = undefined;
  await closeJobQueue();
}
