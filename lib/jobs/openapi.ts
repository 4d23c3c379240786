/**
 * The /v1/jobs paths of the OpenAPI document (D20, D31), declared beside the endpoint. The request
 * bodies are the job envelope around each job type's own parameters (described by the render
 * endpoint beside it); the answers are lib/jobs/schema.ts's, and the webhooks a job sends are
 * lib/webhooks/openapi.ts's.
 */
import { pathIdParameter } from "@/lib/api/openapi/params";
import type { ErrorCode } from "@/lib/vocabulary/errors";
import {
  errorResponses,
  jsonRequestBody,
  KEY_ERRORS,
  KEYED_HEADERS,
  keyedJson,
  PAGE_REQUEST_ERRORS,
} from "@/lib/api/openapi/responses";
import { jsonContent, type EndpointDoc, type Parameter, type Response, type Schema } from "@/lib/api/openapi/types";
import { zodSchema } from "@/lib/api/openapi/zod";
import { describeParams } from "@/lib/api/params";
import { contentBodySchema } from "@/lib/content/openapi";
import { ogJobParamsSchema } from "@/lib/og/openapi";
import { screenshotBodySchema } from "@/lib/screenshot/openapi";
import { webhookOperations } from "@/lib/webhooks/openapi";
import { animateBodySchema } from "@/lib/animate/openapi";
import { ASYNC_ANIMATE_TIMEOUT, ASYNC_TIMEOUT_MAX_MS, JOB_BODY_MAX_BYTES, jobParams } from "./params";
import { batchResponseSchema, jobResponseSchema } from "./schema";
import { JOB_TYPES, type JobType } from "./types";

/** Each job type's `params`, as its endpoint describes them: a type without one fails to compile. */
const JOB_PARAMS_DOCS: Record<JobType, () => Schema> = {
  screenshot: screenshotBodySchema,
  og: ogJobParamsSchema,
  content: contentBodySchema,
  animate: animateBodySchema,
};

const describe = (name: string) => describeParams(jobParams).find((f) => f.name === name)!.description;

const webhookUrl: Schema = { type: "string", format: "uri", description: describe("webhookUrl") };
const store: Schema = { type: "boolean", default: false, description: describe("store") };

/** One job request: which endpoint, its parameters (and, alone rather than in a batch, its webhook). */
function jobRequestSchema(options: { webhook: boolean }): Schema {
  return {
    type: "object",
    required: ["endpoint", "params"],
    additionalProperties: false,
    properties: {
      endpoint: { type: "string", enum: [...JOB_TYPES], description: describe("endpoint") },
      params: {
        description: describe("params"),
        oneOf: JOB_TYPES.map((type) => ({ ...JOB_PARAMS_DOCS[type](), title: type })),
      },
      ...(options.webhook ? { webhookUrl, store } : {}),
    },
  };
}

/** Accepting can fail like the render it wraps (its 400s and 403s), never with a render's own errors: those are the job's. */
const ACCEPT_ERRORS: readonly ErrorCode[] = [
  ...PAGE_REQUEST_ERRORS,
  "invalid_variable",
  "template_not_found",
  "plan_upgrade_required",
  "endpoint_not_allowed",
  "storage_not_configured",
  "rate_limited",
  "internal_error",
];
const READ_ERRORS: readonly ErrorCode[] = [
  ...KEY_ERRORS,
  "unknown_parameter",
  "job_not_found",
  "rate_limited",
  "internal_error",
];

const idParameter = (kind: "job" | "batch"): Parameter =>
  pathIdParameter(`The ${kind}'s id from the 202 answer.`, `^${kind}_[a-z0-9]{24}$`);

const accepted = (description: string, schema: string): Response => ({
  description,
  headers: {
    ...KEYED_HEADERS,
    Location: { description: "The status URL.", schema: { type: "string", format: "uri" } },
  },
  content: jsonContent(schema),
});

export function jobsDoc(appUrl: string): EndpointDoc {
  return {
    tags: [
      {
        name: "Async jobs",
        description: "Hand a render over and get its outcome later: poll the job or receive a webhook.",
      },
    ],
    schemas: { Job: zodSchema(jobResponseSchema), JobBatch: zodSchema(batchResponseSchema) },
    webhooks: webhookOperations(),
    paths: jobPaths(appUrl),
  };
}

function jobPaths(appUrl: string): EndpointDoc["paths"] {
  const docs = { url: `${appUrl}/docs/errors` };
  return {
    "/v1/jobs": {
      post: {
        operationId: "createJob",
        tags: ["Async jobs"],
        summary: "Render asynchronously: answered 202 with a job id",
        description:
          "Validates the request exactly as the endpoint would (its schema, plan gates, key restrictions), records the job and answers 202. " +
          `A screenshot job's \`timeout\` may be up to ${ASYNC_TIMEOUT_MAX_MS} ms, a recording's (\`animate\`: as long as the plan allows) up to ${ASYNC_ANIMATE_TIMEOUT.maxMs} ms. Poll the status URL, or give \`webhookUrl\`.`,
        externalDocs: docs,
        requestBody: jsonRequestBody({
          ...jobRequestSchema({ webhook: true }),
          description: `At most ${Math.round(JOB_BODY_MAX_BYTES / 1024 / 1024)} MiB.`,
        }),
        responses: { "202": accepted("The job, queued.", "Job"), ...errorResponses(ACCEPT_ERRORS) },
      },
    },
    "/v1/jobs/{id}": {
      get: {
        operationId: "getJob",
        tags: ["Async jobs"],
        summary: "A job's state, result URL or error",
        description:
          "Only the caller's account's jobs: any other id is 404 job_not_found. Counts against the rate limit, never the render quota.",
        parameters: [idParameter("job")],
        responses: {
          "200": keyedJson("The job.", "Job"),
          ...errorResponses(READ_ERRORS),
        },
      },
    },
    "/v1/jobs/bulk": {
      post: {
        operationId: "createJobBatch",
        tags: ["Async jobs"],
        summary: "Up to 100 async renders as one batch",
        description:
          "Every item is validated as by POST /v1/jobs; one bad item refuses the whole batch (its param names it, e.g. jobs[3].params.url). The webhook is called once, when every job has ended.",
        requestBody: jsonRequestBody({
          type: "object",
          required: ["jobs"],
          additionalProperties: false,
          properties: {
            jobs: { type: "array", minItems: 1, maxItems: 100, items: jobRequestSchema({ webhook: false }) },
            webhookUrl,
            store,
          },
        }),
        responses: { "202": accepted("The batch and its jobs, queued.", "JobBatch"), ...errorResponses(ACCEPT_ERRORS) },
      },
    },
    "/v1/jobs/bulk/{id}": {
      get: {
        operationId: "getJobBatch",
        tags: ["Async jobs"],
        summary: "A batch's state and each of its jobs",
        parameters: [idParameter("batch")],
        responses: {
          "200": keyedJson("The batch.", "JobBatch"),
          ...errorResponses(READ_ERRORS),
        },
      },
    },
  };
}
