/**
 * POST /v1/jobs and POST /v1/jobs/bulk as the pipeline sees them (D20). The envelope is parsed
 * with lib/jobs/params.ts; the validate step then runs the inner request through the render
 * endpoint's own steps — its schema, its validate, its plan gates and key restrictions — so an
 * async request is refused exactly where and how the same synchronous request would be, and in
 * D2's order: every 400 (envelope, webhook, inner parameters) before any 403, then the rate limit.
 * A refused inner parameter is named `params.<name>` (bulk: `jobs[i].params.<name>`).
 */
import type { EndpointSpec } from "@/lib/api/context";
import type { Caller } from "@/lib/vocabulary/caller";
import { ApiError } from "@/lib/vocabulary/errors";
import { objectAsQuery } from "@/lib/api/body";
import { enforceKeyLimits, enforcePlanGates } from "@/lib/api/gates";
import { parseQuery } from "@/lib/api/query";
import { hasStorage } from "@/lib/storage/settings";
import { assertWebhookUrl } from "@/lib/webhooks/url";
import { bulkParams, JOB_BODY_MAX_BYTES, jobParams } from "./params";
import { JOB_RUNNERS, type JobRunner } from "./runners";
import { isJobType, JOB_TYPES, type JobType } from "./types";

/** A validated job request, in the form stored on the job row and run by the worker. */
export interface JobRequest {
  endpoint: JobType;
  /** The endpoint's parameters in query form, `response=json` included. */
  query: Array<[string, string]>;
  /** The job's own `timeout` when it is beyond the synchronous limit (JobRunner.asyncTimeout, withAsyncTimeout). */
  timeoutMs?: number;
  /** Upload the result to the account's bucket too (D20). */
  store?: boolean;
}

function renamed(error: unknown, prefix: string): unknown {
  if (!(error instanceof ApiError)) return error;
  return new ApiError(error.code, error.message, {
    param: error.param ? `${prefix}.${error.param}` : prefix,
    headers: error.headers,
  });
}

/** The synchronous schemas' own limit for `timeout` (60 s); an async job may go up to its type's asyncTimeout. */
const SYNC_TIMEOUT_MAX_MS = 60_000;

function takeAsyncTimeout(
  params: Record<string, unknown>,
  limits: NonNullable<JobRunner["asyncTimeout"]>,
): number | undefined {
  const raw = params.timeout;
  if (raw === undefined || raw === null) return limits.defaultMs;
  const text = String(raw);
  if (!/^\d+$/.test(text))
    throw new ApiError("invalid_parameter", "timeout must be a whole number (plain decimal digits).", {
      param: "timeout",
    });
  const ms = Number(text);
  if (ms < 1 || ms > limits.maxMs)
    throw new ApiError("parameter_out_of_range", `timeout must be between 1 and ${limits.maxMs} for an async job.`, {
      param: "timeout",
    });
  // The schema still checks its own range; what lies beyond it is this job's alone.
  params.timeout = Math.min(ms, SYNC_TIMEOUT_MAX_MS);
  return ms > SYNC_TIMEOUT_MAX_MS ? ms : undefined;
}

/** Runs one job request through its endpoint's 400 and 403 steps; returns what the worker will run. */
async function validateJobRequest(
  endpoint: JobType,
  params: Record<string, unknown>,
  caller: Caller,
  prefix = "params",
): Promise<JobRequest> {
  const { spec, asyncTimeout } = JOB_RUNNERS[endpoint];
  try {
    const copy: Record<string, unknown> = { ...params };
    // A job's result is always the JSON metadata with the stored file's URL.
    delete copy.response;
    const timeoutMs = asyncTimeout ? takeAsyncTimeout(copy, asyncTimeout) : undefined;
    const query = objectAsQuery(copy, spec.params);
    query.set("response", "json");
    const parsed = parseQuery(query, spec.params, { extras: spec.extras });
    await spec.validate(parsed.params, { ...parsed, caller });
    enforcePlanGates(spec, parsed.params as Record<string, unknown>, parsed.given, caller.plan);
    enforceKeyLimits(spec, caller);
    return { endpoint, query: [...query], ...(timeoutMs ? { timeoutMs } : {}) };
  } catch (error) {
    throw renamed(error, prefix);
  }
}

/** A webhook URL that names a host resolving to a private address is refused at once (D9, D20); the delivery checks again when it connects. */
async function checkWebhookUrl(url: string | undefined): Promise<void> {
  if (url !== undefined) await assertWebhookUrl(url, "webhookUrl");
}

/** store=true needs a bucket configured now; whether it still works is the upload's question. */
async function checkStore(store: boolean, caller: Caller): Promise<void> {
  if (store && !(await hasStorage(caller.userId))) {
    throw new ApiError(
      "storage_not_configured",
      "store=true needs an S3-compatible bucket: configure one in the dashboard (Storage).",
      { param: "store" },
    );
  }
}

export const jobsEndpoint = {
  id: "jobs",
  params: jobParams,
  extras: "reject",
  jsonBody: { maxBytes: JOB_BODY_MAX_BYTES },
  validate: async (params, { caller }) => {
    await checkWebhookUrl(params.webhookUrl);
    const request = await validateJobRequest(params.endpoint, params.params, caller);
    await checkStore(params.store, caller);
    return params.store ? { ...request, store: true } : request;
  },
  targetHost: (params) => {
    const url = params.params.url;
    if (typeof url !== "string") return undefined;
    try {
      return new URL(url).host;
    } catch {
      return undefined;
    }
  },
} as const satisfies EndpointSpec<typeof jobParams, JobRequest>;

export const bulkJobsEndpoint = {
  id: "jobs",
  params: bulkParams,
  extras: "reject",
  // Each job may carry an html page, but a batch as a whole stays within what one request may send.
  jsonBody: { maxBytes: JOB_BODY_MAX_BYTES },
  validate: async (params, { caller }) => {
    await checkWebhookUrl(params.webhookUrl);
    const requests: JobRequest[] = [];
    for (const [index, item] of params.jobs.entries()) {
      const prefix = `jobs[${index}]`;
      if (typeof item !== "object" || item === null || Array.isArray(item))
        throw new ApiError("invalid_parameter", `${prefix} must be an object { endpoint, params }.`, { param: prefix });
      const { endpoint, params: inner, ...rest } = item as Record<string, unknown>;
      const stray = Object.keys(rest)[0];
      if (stray !== undefined)
        throw new ApiError(
          "unknown_parameter",
          `${prefix} has an unknown field ${stray.slice(0, 64)}; a batch has one webhookUrl, beside jobs.`,
          { param: `${prefix}.${stray.slice(0, 64)}` },
        );
      if (!isJobType(endpoint))
        throw new ApiError("invalid_parameter", `${prefix}.endpoint must be one of: ${JOB_TYPES.join(", ")}.`, {
          param: `${prefix}.endpoint`,
        });
      if (typeof inner !== "object" || inner === null || Array.isArray(inner))
        throw new ApiError(
          "invalid_parameter",
          `${prefix}.params must be a JSON object of the endpoint's parameters.`,
          { param: `${prefix}.params` },
        );
      requests.push(await validateJobRequest(endpoint, inner as Record<string, unknown>, caller, `${prefix}.params`));
    }
    await checkStore(params.store, caller);
    return params.store ? requests.map((request) => ({ ...request, store: true })) : requests;
  },
} as const satisfies EndpointSpec<typeof bulkParams, JobRequest[]>;
