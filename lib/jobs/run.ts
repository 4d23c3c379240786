/**
 * Runs one claimed job (D20) through the same code a synchronous request takes after its
 * pipeline: the endpoint's schema and validate step, then its handler (the job type's runner,
 * lib/jobs/runners.ts), which serves from the cache or renders, charges the quota on a miss and
 * stores the result. Nothing about rendering is written twice. The request was validated when it
 * was accepted; it is validated again here because what validation computes (a capture plan, a
 * compiled account template) is not stored, and the account's plan may have changed since.
 */
import "server-only";
import type { ApiContext } from "@/lib/api/context";
import type { Caller, KeyLimits, RenderCharge } from "@/lib/vocabulary/caller";
import { ApiError, problemResponse, toApiError } from "@/lib/vocabulary/errors";
import { enforcePlanGates } from "@/lib/api/gates";
import { parseQuery } from "@/lib/api/query";
import { afterResponse } from "@/lib/api/request";
import { env } from "@/lib/env";
import { consumeKeyAndAccountRender } from "@/lib/keys/render-cap";
import { log } from "@/lib/log";
import { isPlanId, PLANS } from "@/lib/plans";
import { alertOnQuota, crossedThresholds } from "@/lib/usage/alerts";
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

/** The pipeline's render charge (D4, D15, D18) for a job: key cap and account quota, alerts at 80 % and 100 %. */
export async function chargeRender(caller: Caller, count = 1): Promise<RenderCharge> {
  const charge = await consumeKeyAndAccountRender(caller, count);
  if (crossedThresholds(charge.renders, PLANS[caller.plan].rendersPerMonth, count).length > 0) {
    afterResponse(() =>
      alertOnQuota(caller.userId, caller.plan, charge.renders, count).catch((error: unknown) =>
        log.warn("quota alert failed", { error }),
      ),
    );
  }
  return charge;
}

async function problemBody(error: ApiError, requestId: string): Promise<Record<string, unknown>> {
  return (await problemResponse(error, requestId).json()) as Record<string, unknown>;
}

export async function runJob(job: JobRow, signal: AbortSignal): Promise<RunResult> {
  const requestId = job.id;
  try {
    if (!job.request) throw new ApiError("internal_error", "The job's request is missing.");
    // A monitor's run has its own runner (lib/monitors, D27), handed to the workers at start.
    if (job.endpoint === MONITOR_RUN || job.endpoint === CRAWL_PAGE)
      throw new ApiError("internal_error", `No runner for ${job.endpoint} jobs here.`);
    const caller = await callerFor(job);
    const { spec, handler, withAsyncTimeout } = JOB_RUNNERS[job.endpoint];
    const query = await openRequest({ ...job, request: job.request });
    const parsed = parseQuery(new URLSearchParams(query), spec.params, { extras: spec.extras });
    let validated: unknown = await spec.validate(parsed.params as never, { ...parsed, caller });
    // The plan as it is now: an account that moved down since accepting gets the 403 it would get now.
    enforcePlanGates(spec, parsed.params as Record<string, unknown>, parsed.given, caller.plan);
    // The async limit (up to 120 s) replaces the schema's synchronous one for this job only.
    if (withAsyncTimeout && job.timeout_ms) validated = withAsyncTimeout(validated as never, job.timeout_ms);
    const ctx: ApiContext<never, never> = {
      // The handlers read a request only for its abort signal and conditional headers.
      request: new Request(`${env().APP_URL}/v1/jobs/${job.id}`, { signal }),
      requestId,
      receivedAt: Date.now(),
      caller,
      params: parsed.params as never,
      validated: validated as never,
      given: parsed.given,
      extras: parsed.extras,
      usage: {},
      consumeRender: (count = 1) => chargeRender(caller, count),
    };
    const response = await handler(ctx);
    const body = (await response.json()) as Record<string, unknown>;
    if (!response.ok) return { state: "failed", error: body };
    // Customer storage (D20): the upload is part of the job; its failure is the job's.
    if (job.store)
      return {
        state: "succeeded",
        result: body,
        stored: { ...(await uploadJobResult(job.user_id, job.id, body, signal)) },
      };
    return { state: "succeeded", result: body };
  } catch (error) {
    return failureOf(job, error);
  }
}

/** What a run that threw ends with: "again later" when no renderer was free, else the problem+json a request would have answered. */
export async function failureOf(job: JobRow, error: unknown): Promise<RunResult> {
  const apiError = toApiError(error);
  if (RETRYABLE.has(apiError.code))
    return { state: "retry", afterMs: 1000 * Math.max(1, Number(apiError.headers["Retry-After"]) || 1) };
  if (apiError.status >= 500) log.error("job failed", { jobId: job.id, code: apiError.code, error });
  return { state: "failed", error: await problemBody(apiError, job.id) };
}
