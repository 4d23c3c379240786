/**
 * Runs one claimed job (D20) through the endpoint core a synchronous request takes after its
 * HTTP adapter (runEndpoint, D35): the endpoint's schema, validate step and plan gates, then its
 * handler (the job type's runner, lib/jobs/runners.ts), which serves from the cache or renders,
 * charges the quota on a miss and stores the result. Nothing about rendering is written twice,
 * and nothing goes through HTTP. The request was validated when it was accepted; it is validated
 * again here because what validation computes (a capture plan, a compiled account template) is
 * not stored, and the account's plan may have changed since.
 */
import "server-only";
import type { Caller, KeyLimits } from "@/lib/vocabulary/caller";
import { ApiError, problemBody, toApiError } from "@/lib/vocabulary/errors";
import { runEndpoint } from "@/lib/api/run-endpoint";
import { log } from "@/lib/log";
import { isPlanId } from "@/lib/plans";
import { isRenderEndpoint } from "@/lib/endpoints";
import { grantMayAct } from "@/lib/keys/oauth-grants";
import { uploadJobResult } from "@/lib/storage/upload";
import { JOB_RUNNERS } from "./runners";
import { ownerNow, type Outcome } from "./claims";
import { CRAWL_PAGE, MONITOR_RUN, type JobRow } from "./store";
import { openRequest } from "./sealed-request";

/** What a run ended with: an outcome to record, or "try again later" (no renderer free now). */
export type RunResult = Outcome | { state: "retry"; afterMs: number };

/** Errors that say "not now" rather than "not this job": the job goes back to the queue. */
const RETRYABLE = new Set(["renderer_busy", "shutting_down"]);

/**
 * The job's account as it is now: its plan and the accepting key's restrictions. Revoked means
 * stopped (D20, D28): a job whose key was revoked (by hand, or with its maker's removal) or paused
 * since it was accepted fails here, before anything renders or is charged; so does one accepted
 * through a connected app (an MCP OAuth grant, D25) that was disconnected, or whose approver was
 * removed or may no longer connect apps. A run with neither (a monitor's, D27; one asked from the
 * dashboard) belongs to the workspace and goes on.
 */
export async function callerFor(job: JobRow): Promise<Caller> {
  const owner = await ownerNow(job.user_id, job.api_key_id);
  if (!owner || !isPlanId(owner.plan))
    throw new ApiError("internal_error", "The account of this job no longer exists.");
  if (job.api_key_id !== null && !owner.key_live)
    throw new ApiError(
      "api_key_revoked",
      "The API key this job was accepted with has been revoked since: the job did not run and nothing was charged.",
    );
  if (job.api_key_id !== null && owner.key_paused)
    throw new ApiError(
      "api_key_paused",
      "The API key this job was accepted with is paused (beyond the plan's key limit): the job did not run and nothing was charged. Choose the keys to keep in the dashboard, then submit it again.",
    );
  if (job.oauth_grant_id !== null && !(await grantMayAct(job.oauth_grant_id)))
    throw new ApiError(
      "oauth_grant_revoked",
      "The connected app this job was accepted through has been disconnected since (or the member who approved it was removed, or may no longer connect apps): the job did not run and nothing was charged.",
    );
  const keyLimits: KeyLimits = {
    allowedEndpoints: owner.allowed_endpoints?.filter(isRenderEndpoint) ?? null,
    monthlyRenderCap: owner.monthly_render_cap,
  };
  return { userId: job.user_id, plan: owner.plan, apiKeyId: job.api_key_id, keyLimits };
}

export async function runJob(job: JobRow, signal: AbortSignal): Promise<RunResult> {
  try {
    if (!job.request) throw new ApiError("internal_error", "The job's request is missing.");
    // A monitor's run has its own runner (lib/monitors, D27), handed to the workers at start.
    if (job.endpoint === MONITOR_RUN || job.endpoint === CRAWL_PAGE)
      throw new ApiError("internal_error", `No runner for ${job.endpoint} jobs here.`);
    const caller = await callerFor(job);
    const { spec, handler, withAsyncTimeout } = JOB_RUNNERS[job.endpoint];
    const query = await openRequest({ ...job, request: job.request });
    const ran = await runEndpoint(spec, handler, {
      caller,
      input: new URLSearchParams(query),
      signal,
      requestId: job.id,
      // Checked when the job was accepted (D20); the plan's gates are checked again, as it is now.
      keyLimits: "accepted",
      // The async limit (up to 120 s) replaces the schema's synchronous one for this job only.
      ...(withAsyncTimeout && job.timeout_ms
        ? { adjust: (validated: unknown) => withAsyncTimeout(validated as never, job.timeout_ms!) }
        : {}),
    });
    if (!ran.ok) return failureOf(job, ran.cause);
    if (ran.outcome.kind !== "json")
      throw new ApiError("internal_error", "The job's endpoint answered with something other than JSON.");
    const result = ran.outcome.body as Record<string, unknown>;
    // Customer storage (D20): the upload is part of the job; its failure is the job's.
    if (job.store)
      return {
        state: "succeeded",
        result,
        stored: { ...(await uploadJobResult(job.user_id, job.id, result, signal)) },
      };
    return { state: "succeeded", result };
  } catch (error) {
    return failureOf(job, error);
  }
}

/** What a run that threw ends with: "again later" when no renderer was free, else the problem+json a request would have answered. */
export function failureOf(job: JobRow, error: unknown): RunResult {
  const apiError = toApiError(error);
  if (RETRYABLE.has(apiError.code))
    return { state: "retry", afterMs: 1000 * Math.max(1, Number(apiError.headers["Retry-After"]) || 1) };
  if (apiError.status >= 500) log.error("job failed", { jobId: job.id, code: apiError.code, error });
  return { state: "failed", error: { ...problemBody(apiError, job.id) } };
}
