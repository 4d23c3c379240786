/** POST /v1/jobs: an async screenshot or OG render, answered 202 with the job's id and status URL (D20). Logic: lib/jobs. */
import { apiRoute } from "@/lib/api/pipeline";
import { jobsEndpoint } from "@/lib/jobs/endpoint";
import { handleCreateJob } from "@/lib/jobs/handlers";

export const dynamic = "force-dynamic";

export const POST = apiRoute(jobsEndpoint, handleCreateJob);

export { DELETE, GET, HEAD, OPTIONS, PATCH, PUT } from "@/lib/api/post-only";
