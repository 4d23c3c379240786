/**
 * The async job tools (D25, D20): `start_job` (POST /v1/jobs) and `get_job` (GET /v1/jobs/{id}),
 * through the jobs endpoints' own specs and handlers (lib/mcp/call.ts). A finished job's image is
 * shown as the render tools show theirs.
 */
import "server-only";
import { handleCreateJob, handleGetJob, jobStatusEndpoint } from "@/lib/jobs/handlers";
import { jobsEndpoint } from "@/lib/jobs/endpoint";
import { jobParams } from "@/lib/jobs/params";
import { JOB_TYPES } from "@/lib/jobs/types";
import { callEndpoint, jsonText, ToolFailure } from "../call";
import { fileContent } from "../files";
import { toolInputSchema } from "../schema";
import type { McpTool } from "./types";

const JOB_ID = "^job_[a-z0-9]{24}$";

export const startJobTool: McpTool = {
  name: "start_job",
  title: "Start an async render job",
  description: [
    `Start a render in the background and return at once with the job's id: for work that may take longer than a call should wait — a slow page, a long timeout (a screenshot or content job up to 120000 ms), a recording (endpoint animate). endpoint is one of ${JOB_TYPES.join(", ")}; params are exactly the arguments the screenshot, page_markdown/page_metadata (content: also formats, e.g. ["markdown","links"]) or og_image tool takes (og: template and the variables beside it, not nested).`,
    "Then call get_job with the id until status is succeeded or failed. The parameters are checked now: a bad one is an error here, not a failed job. Each job costs one render of the monthly quota when it renders.",
  ].join(" "),
  inputSchema: toolInputSchema(jobParams, {
    add: {
      params: {
        type: "object",
        description:
          'The endpoint\'s parameters as one JSON object, e.g. {"url":"https://example.com","fullPage":true} for a screenshot.',
      },
    },
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  async run(args, ctx) {
    const answer = await callEndpoint(jobsEndpoint, handleCreateJob, ctx, { body: args });
    return {
      content: [jsonText(answer), { type: "text", text: `Call get_job with id ${String(answer.id)} for its outcome.` }],
    };
  },
};

export const getJobTool: McpTool = {
  name: "get_job",
  title: "Get an async job's state",
  description:
    "The state of a job start_job created: status queued, running, succeeded (with result: the endpoint's JSON answer, its resultUrl, and the image itself for a screenshot or OG job) or failed (with error: the problem's code and detail). Only this account's jobs; free, renders nothing.",
  inputSchema: {
    type: "object",
    properties: { id: { type: "string", pattern: JOB_ID, description: "The job's id, as start_job returned it." } },
    required: ["id"],
    additionalProperties: false,
  },
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
  async run(args, ctx) {
    const id = typeof args.id === "string" ? args.id : "";
    if (!new RegExp(JOB_ID).test(id))
      throw new ToolFailure({
        status: 400,
        code: "invalid_parameter",
        detail: "id must be a job id (job_…).",
        param: "id",
      });
    const answer = await callEndpoint(jobStatusEndpoint, handleGetJob, ctx, { path: `/v1/jobs/${id}` });
    const resultUrl = answer.status === "succeeded" && typeof answer.resultUrl === "string" ? answer.resultUrl : null;
    return {
      content: [jsonText(answer), ...(resultUrl ? await fileContent(resultUrl, String(answer.endpoint)) : [])],
    };
  },
};
