/**
 * The one schema of an async job request (D20): `POST /v1/jobs` takes a JSON body
 * `{ endpoint, params, webhookUrl? }` whose `params` are exactly the fields of that endpoint's own
 * schema (lib/screenshot/params.ts, lib/og/params.ts; OG template variables beside them, as in a
 * query). Validation, docs and OpenAPI read this schema; the inner `params` are validated by the
 * endpoint's schema itself (lib/jobs/endpoint.ts), so nothing about a render parameter is written twice.
 */
import { z } from "zod";
import { boolParam, enumParam, fail, raw, register, urlParam } from "@/lib/api/params";
import { isEvidentlyPrivateTarget } from "@/lib/net/target";
import { JOB_PARAM_SCHEMAS } from "./param-schemas";
import { JOB_TYPES } from "./types";

/** An async screenshot may take this long (`params.timeout`); a synchronous one at most the schema's 60 s (D10). */
export const ASYNC_TIMEOUT_MAX_MS = 120_000;

/**
 * An async recording (D26) may take this long, and takes this long when its `timeout` is not given:
 * a minute of 60-fps video is 3,600 captured frames.
 */
export const ASYNC_ANIMATE_TIMEOUT = { maxMs: 600_000, defaultMs: 300_000 } as const;

/** A job body is at most this large: an html page (D19) plus the envelope. */
export const JOB_BODY_MAX_BYTES = 5 * 1024 * 1024 + 16 * 1024;

/** A bulk request holds at most this many jobs. */
const BULK_MAX_ITEMS = 100;

/** The same words as lib/webhooks/url.ts, which checks the names that need resolving. */
const WEBHOOK_PRIVATE_DETAIL =
  "The webhookUrl points to a private, loopback or otherwise non-public address; webhooks are only sent to public addresses.";

/** The endpoint's parameters as one JSON object (in a query, its JSON text). */
function paramsObject(name: string, description: string) {
  const schema = raw().transform((v, ctx): Record<string, unknown> => {
    if (v === undefined || v === "") return fail(ctx, "missing_parameter", `${name} is required.`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(v);
    } catch {
      return fail(ctx, "invalid_parameter", `${name} must be a JSON object of the endpoint's parameters.`);
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
      return fail(ctx, "invalid_parameter", `${name} must be a JSON object of the endpoint's parameters.`);
    return parsed as Record<string, unknown>;
  });
  return register(schema, {
    kind: "string",
    bodyType: "object",
    required: true,
    description,
    pattern: '{"url":"https://…",…}',
    // Any job type's: a refused request (an unknown endpoint) is logged redacted too.
    holds: () => Object.values(JOB_PARAM_SCHEMAS),
  });
}

/** A webhook URL parameter (D20); `what` says which events it is called with. */
export function webhookUrlParam(
  what = "Called with the job's outcome as signed JSON (Standard Webhooks) when it ends: `job.succeeded` or `job.failed`, or for a batch `batch.completed` once all its jobs have ended.",
) {
  return urlParam("webhookUrl", {
    required: false,
    maxLength: 2048,
    description: `${what} Without it, the account's default webhook URL (dashboard), if any. A public http(s) URL: private, loopback and metadata addresses are refused here and again when it is called.`,
    example: "https://example.com/hooks/glance",
    refuse: (url) =>
      isEvidentlyPrivateTarget(url) ? { code: "private_address", message: WEBHOOK_PRIVATE_DETAIL } : null,
  });
}

/** Customer storage (D20): upload the result to the account's own bucket. No plan gate: the bucket is the customer's. */
function storeParam(what: string) {
  return boolParam("store", {
    default: false,
    description: `Also upload ${what} to the account's S3-compatible bucket (dashboard → Storage) as \`<prefix><job id>.<ext>\` with its Content-Type; the job's \`stored\` names bucket and key. A failed upload fails the job with \`storage_upload_failed\`. Without a bucket configured: \`400 storage_not_configured\`. Without it, results stay only in Glance's store.`,
  });
}

export const jobParams = z.object({
  endpoint: enumParam("endpoint", {
    values: JOB_TYPES,
    required: true,
    description:
      "Which render to run: `screenshot`, `og` (Pro plan or higher, like GET /v1/og), `content` (a page as Markdown, HTML, text, links, metadata) or `animate` (a recording as long as your plan allows).",
  }),
  params: paramsObject(
    "params",
    `The endpoint's parameters as one JSON object, exactly as POST /v1/screenshot, /v1/content or /v1/animate takes them (OG: template and its variables). \`response\` is ignored (a job's result is always the JSON answer with the file URL); a screenshot's or content's \`timeout\` may be up to ${ASYNC_TIMEOUT_MAX_MS} ms, a recording's up to ${ASYNC_ANIMATE_TIMEOUT.maxMs} ms (default ${ASYNC_ANIMATE_TIMEOUT.defaultMs}).`,
  ),
  webhookUrl: webhookUrlParam(),
  store: storeParam("the result"),
});

export type JobParams = z.output<typeof jobParams>;

/** Bulk (D20): many job requests, one batch; the batch's webhook is called once, when all have ended. */
export const bulkParams = z.object({
  jobs: register(
    raw().transform((v, ctx): unknown[] => {
      if (v === undefined || v === "") return fail(ctx, "missing_parameter", "jobs is required.");
      let parsed: unknown;
      try {
        parsed = JSON.parse(v);
      } catch {
        return fail(ctx, "invalid_parameter", "jobs must be a JSON array of job requests.");
      }
      if (!Array.isArray(parsed) || parsed.length === 0)
        return fail(ctx, "invalid_parameter", "jobs must be a non-empty JSON array of job requests.");
      if (parsed.length > BULK_MAX_ITEMS)
        return fail(ctx, "parameter_out_of_range", `jobs may hold at most ${BULK_MAX_ITEMS} job requests.`);
      return parsed;
    }),
    {
      kind: "string",
      bodyType: "json",
      required: true,
      description: `Up to ${BULK_MAX_ITEMS} job requests, each \`{ endpoint, params }\` as for POST /v1/jobs.`,
      max: BULK_MAX_ITEMS,
      holds: () => [jobParams],
    },
  ),
  webhookUrl: webhookUrlParam(),
  store: storeParam("every job's result"),
});
