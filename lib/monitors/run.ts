/**
 * A monitor's run (D27): a job of its own kind (lib/jobs/worker.ts JobKind), claimed, leased and
 * ended once like any job (D20). It captures the page fresh (never the cache) through the
 * screenshot's render job, charged as a render; compares it with the baseline; and, in the
 * transaction that records the run's end: on a change past the threshold enqueues a signed
 * `monitor.changed` webhook (lib/webhooks, one delivery per run) and records an alert e-mail, and
 * makes the new capture the baseline (the first run's always; later ones only when they alerted,
 * and never with baseline=fixed). A run cut off by a dying instance runs again elsewhere and still
 * ends, and so alerts, once.
 *
 * Every image a run shows — its capture, its diff image, the baseline it compared with — is a kept
 * file (lib/results/kept.ts) that nothing ever writes again, living as long as the run is kept
 * (JOB_RETENTION_MS): never the URL's cache entry, which the next capture of the page replaces. So
 * the dashboard's history and a delivered webhook's links show what was compared, byte for byte.
 */
import "server-only";
import type { PoolClient } from "pg";
import { chargeRender } from "@/lib/api/charge";
import { ownerId } from "@/lib/vocabulary/caller";
import { ApiError } from "@/lib/vocabulary/errors";
import { findBaseline, publishBaseline, saveBaseline } from "@/lib/diff/baselines";
import { compareAndStore, type DiffOutcome, ignoredRegionsOf } from "@/lib/diff/outcome";
import { callerFor, failureOf } from "@/lib/jobs/run";
import { JOB_RETENTION_MS } from "@/lib/jobs/worker";
import type { JobRow } from "@/lib/jobs/store";
import type { JobKind, KindResult } from "@/lib/jobs/worker";
import { obtainResult, resultJson, storeKept } from "@/lib/results";
import { inWorkspace } from "@/lib/vocabulary/workspace-scope";
import { screenshotRenderJob } from "@/lib/screenshot/handler";
import { enqueueWebhook } from "@/lib/webhooks/enqueue";
import { wakeWebhookDispatcher } from "@/lib/webhooks/dispatcher";
import { type ChangeAlert, recordAlertEmail, sendAlertEmail } from "./alerts";
import { runCapture } from "./capture";
import { monitorForRun, type MonitorRow } from "./store";
import { runView } from "./view";

/** A run's images outlive the run by a day: its row is pruned JOB_RETENTION_MS after it ends. */
const RUN_IMAGES_KEPT_MS = JOB_RETENTION_MS + 86_400_000;

/** What a succeeded run records as its result (GET /v1/monitors/{id}/runs shows it). */
interface RunResultBody extends Partial<DiffOutcome> {
  monitorId: string;
  url: string;
  /** A change past the threshold was found (and alerted). */
  changed: boolean;
  imageUrl: string;
  baselineImageUrl?: string;
  /** The run whose capture was compared with; absent on the first run. */
  baselineRunId?: string;
  /** The capture became the baseline. */
  baselineUpdated: boolean;
  threshold: number;
  capture: Record<string, unknown>;
}

async function runMonitor(job: JobRow, signal: AbortSignal): Promise<KindResult> {
  try {
    const monitor = job.monitor_id ? await monitorForRun(job.monitor_id) : undefined;
    if (!monitor || monitor.user_id !== job.user_id)
      throw new ApiError("internal_error", "The monitor of this run no longer exists.");
    const caller = await callerFor(job);
    const owner = { id: ownerId(caller), plan: caller.plan };
    const { params, plan } = await runCapture(monitor, caller.plan);
    const render = screenshotRenderJob({ params, receivedAt: Date.now(), caller }, plan);
    const { stored } = await obtainResult(
      {
        signal,
        requestId: job.id,
        caller,
        params: { response: "json" },
        usage: {},
        consumeRender: () => chargeRender(caller),
      },
      render,
    );
    // The run's own copy: the cache entry under `key` is the URL's, replaced by its next capture.
    const kept = await storeKept(stored, RUN_IMAGES_KEPT_MS);
    const captured = resultJson(kept.key, kept.stored, false, render.describe);
    const imageUrl = kept.url;
    const now = { bytes: stored.bytes, ignore: ignoredRegionsOf(stored.metadata.details), identity: stored.etag };
    const newBaseline = {
      monitorId: monitor.id,
      image: stored.bytes,
      width: stored.metadata.width,
      height: stored.metadata.height,
      ignoredRegions: now.ignore ?? null,
      runId: job.id,
      imageKey: kept.key,
    };
    const base = { monitorId: monitor.id, url: monitor.url, imageUrl, threshold: monitor.threshold, capture: captured };

    const baseline = (await findBaseline(monitor.id, owner.id))?.baseline;
    if (!baseline) {
      const result: RunResultBody = { ...base, changed: false, baselineUpdated: true };
      return {
        state: "succeeded",
        result: { ...result },
        announce: (client) => saveBaseline(client, owner.id, newBaseline),
      };
    }
    const outcome = await compareAndStore(
      owner,
      now,
      {
        bytes: baseline.image,
        ignore: baseline.ignoredRegions ?? undefined,
        identity: `${monitor.id}:${baseline.runId}`,
      },
      { threshold: monitor.pixel_threshold, includeAntialiasing: monitor.include_antialiasing },
      RUN_IMAGES_KEPT_MS,
    );
    const changed = outcome.changedRatio > monitor.threshold;
    const baselineUpdated = changed && monitor.baseline_mode === "rolling";
    const result: RunResultBody = {
      ...base,
      ...outcome,
      changed,
      baselineImageUrl: await publishBaseline(baseline, owner.id, RUN_IMAGES_KEPT_MS),
      baselineRunId: baseline.runId,
      baselineUpdated,
    };
    if (!changed) return { state: "succeeded", result: { ...result } };
    return {
      state: "succeeded",
      result: { ...result },
      announce: (client, ended) =>
        announceChange(client, monitor, ended, result, baselineUpdated ? newBaseline : undefined),
      afterCommit: (ended) => {
        wakeWebhookDispatcher();
        if (monitor.email) void sendAlertEmail(ended.id).catch(() => {}); // the sweep tries again
      },
    };
  } catch (error) {
    return failureOf(job, error);
  }
}

/** In the transaction that ends the run: the webhook, the e-mail, the new baseline — with the end or not at all. */
async function announceChange(
  client: PoolClient,
  monitor: MonitorRow,
  ended: JobRow,
  result: RunResultBody,
  newBaseline: Parameters<typeof saveBaseline>[2] | undefined,
): Promise<void> {
  const data = { ...runView(ended), monitor: { id: monitor.id, name: monitor.name, url: monitor.url } };
  await enqueueWebhook(
    {
      userId: monitor.user_id,
      type: "monitor.changed",
      key: `monitor-run:${ended.id}`,
      data,
      url: monitor.webhook_url,
    },
    client,
  );
  if (monitor.email) {
    const alert: ChangeAlert = {
      monitorId: monitor.id,
      name: monitor.name,
      url: monitor.url,
      changedRatio: result.changedRatio ?? 0,
      boxes: result.boxes?.length ?? 0,
      diffImageUrl: result.diffImageUrl ?? "",
      imageUrl: result.imageUrl,
      baselineImageUrl: result.baselineImageUrl ?? "",
    };
    await recordAlertEmail(client, ended.id, monitor.email, alert);
  }
  if (newBaseline) await saveBaseline(client, monitor.user_id, newBaseline);
}

/** The monitor run job kind, handed to the job workers at start (lib/bootstrap.ts). */
// A run is no request through the endpoint core: it names its workspace itself, so the checks
// below let through what the workspace's connectors declared (D42).
export const monitorRunKind: JobKind = {
  run: (job, signal) => inWorkspace(job.user_id, () => runMonitor(job, signal)),
};
