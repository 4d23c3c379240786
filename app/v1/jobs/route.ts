/** POST /v1/jobs: an async screenshot or OG render, answered 202 with the job's id and status URL (D20). Logic: lib/jobs. */
import { allowedMethodsFor, methodNotAllowedFor } from "@/lib/api/fallback";
import { apiRoute } from "@/lib/api/pipeline";
import { jobsEndpoint } from "@/lib/jobs/endpoint";
import { handleCreateJob } from "@/lib/jobs/handlers";

export const dynamic = "force-dynamic";

export const POST = apiRoute(jobsEndpoint, handleCreateJob);

const ALLOW = "POST, OPTIONS";
export const GET = methodNotAllowedFor(ALLOW);
export const HEAD = GET;
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
export const OPTIONS = allowedMethodsFor(ALLOW);
