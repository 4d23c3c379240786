/** GET /v1/jobs/{id}: a job's state, its result URL or its problem+json error (D20). Logic: lib/jobs/handlers.ts. */
import { apiRoute } from "@/lib/api/pipeline";
import { handleGetJob, jobStatusEndpoint } from "@/lib/jobs/handlers";

export const dynamic = "force-dynamic";

export const GET = apiRoute(jobStatusEndpoint, handleGetJob);

export { DELETE, OPTIONS, PATCH, POST, PUT } from "@/lib/api/get-only";
