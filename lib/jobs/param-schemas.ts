/**
 * Each job type's parameter schema (D20): the `params` of a job request are that endpoint's own
 * fields. Read where the schema is needed without the endpoint's handler — the request log's
 * redaction of a job's secrets (lib/api/redact.ts), sealing them on the job row (sealed-request.ts).
 * A unit test holds this equal to each runner's spec (lib/jobs/runners.ts).
 */
import type { z } from "zod";
import { animateParams } from "@/lib/animate/params";
import { contentParams } from "@/lib/content/params";
import { ogParams } from "@/lib/og/params";
import { screenshotParams } from "@/lib/screenshot/params";
import type { JobType } from "./types";

export const JOB_PARAM_SCHEMAS = {
  screenshot: screenshotParams,
  og: ogParams,
  content: contentParams,
  animate: animateParams,
} as const satisfies Record<JobType, z.ZodObject>;
