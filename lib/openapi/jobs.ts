/**
 * The /v1/jobs paths of the OpenAPI document (D20). The request bodies are the job envelope
 * around the render endpoints' own bodies (built from their schemas); the answers are
 * lib/jobs/schema.ts's.
 */
import type { ErrorCode } from "@/lib/api/errors";
import { ASYNC_TIMEOUT_MAX_MS, JOB_BODY_MAX_BYTES, JOB_ENDPOINTS, jobParams } from "@/lib/jobs/params";
import { describeParams } from "@/lib/api/params";
import { screenshotParams } from "@/lib/screenshot/params";
import { SCREENSHOT_BODY_MAX_BYTES } from "@/lib/screenshot/params-input";
import { errorResponses, jsonRequestBody, QUOTA_HEADERS, RATE_HEADERS } from "./components";
import { jsonBodySchema, type JsonSchema } from "./params";

const json = (name: string) => ({ schema: { $ref: `#/components/schemas/${name}` } });
const describe = (name: string) => describeParams(jobParams).find((f) => f.name === name)!.description;

const webhookUrl = { type: "string", format: "uri", description: describe("webhookUrl") };
const store = { type: "boolean", default: false, description: describe("store") };

/** One job request: which endpoint, its parameters (and, alone rather than in a batch, its webhook). */
function jobRequestSchema(options: { webhook: boolean }): JsonSchema {
  return {
    type: "object",
    required: ["endpoint", "params"],
    additionalProperties: false,
    properties: {
      endpoint: { type: "string", enum: [...JOB_ENDPOINTS], description: describe("endpoint") },
      params: {
        description: describe("params"),
        oneOf: [
          { ...jsonBodySchema(screenshotParams, SCREENSHOT_BODY_MAX_BYTES), title: "screenshot" },
          {
            type: "object",
            title: "og",
            description:
              "The GET /v1/og parameters (template, format, quality, width, height) and the template's variables, as one object.",
            required: ["template"],
            additionalProperties: true,
          },
        ],
      },
      ...(options.webhook ? { webhookUrl, store } : {}),
    },
  };
}

/** Accepting can fail like the render it wraps (its 400s and 403s), never with a render's own errors: those are the job's. */
const ACCEPT_ERRORS: readonly ErrorCode[] = [
  "missing_api_key",
  "invalid_api_key_format",
  "invalid_api_key",
  "api_key_paused",
  "invalid_body",
  "payload_too_large",
  "unsupported_media_type",
  "missing_parameter",
  "invalid_parameter",
  "parameter_out_of_range",
  "unknown_parameter",
  "unsupported_url",
  "private_address",
  "target_unreachable",
  "invalid_variable",
  "template_not_found",
  "plan_upgrade_required",
  "endpoint_not_allowed",
  "storage_not_configured",
  "rate_limited",
  "internal_error",
];
const READ_ERRORS: readonly ErrorCode[] = [
  "missing_api_key",
  "invalid_api_key_format",
  "invalid_api_key",
  "api_key_paused",
  "unknown_parameter",
  "job_not_found",
  "rate_limited",
  "internal_error",
];

const idParameter = (kind: "job" | "batch") => ({
  name: "id",
  in: "path",
  required: true,
  description: `The ${kind}'s id from the 202 answer.`,
  schema: { type: "string", pattern: `^${kind}_[a-z0-9]{24}$` },
});

const accepted = (description: string, schema: string) => ({
  description,
  headers: {
    ...RATE_HEADERS,
    ...QUOTA_HEADERS,
    Location: { description: "The status URL.", schema: { type: "string", format: "uri" } },
  },
  content: { "application/json": json(schema) },
});

export function jobPaths(appUrl: string): Record<string, JsonSchema> {
  const docs = { url: `${appUrl}/docs/errors` };
  return {
    "/v1/jobs": {
      post: {
        operationId: "createJob",
        tags: ["Async jobs"],
        summary: "Render asynchronously: answered 202 with a job id",
        description:
          "Validates the request exactly as the endpoint would (its schema, plan gates, key restrictions), records the job and answers 202. " +
          `A screenshot job's \`timeout\` may be up to ${ASYNC_TIMEOUT_MAX_MS} ms. Poll the status URL, or give \`webhookUrl\`.`,
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
          "200": {
            description: "The job.",
            headers: { ...RATE_HEADERS, ...QUOTA_HEADERS },
            content: { "application/json": json("Job") },
          },
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
          "200": {
            description: "The batch.",
            headers: { ...RATE_HEADERS, ...QUOTA_HEADERS },
            content: { "application/json": json("JobBatch") },
          },
          ...errorResponses(READ_ERRORS),
        },
      },
    },
  };
}
