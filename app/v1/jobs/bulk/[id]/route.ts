/** GET /v1/jobs/bulk/{id}: a batch's state and each of its jobs (D20). Logic: lib/jobs/handlers.ts. */
import { apiRoute } from "@/lib/api/pipeline";
import { handleGetBatch, jobStatusEndpoint } from "@/lib/jobs/handlers";

export const dynamic = "force-dynamic";

export const GET = apiRoute(jobStatusEndpoint, handleGetBatch);

export { DELETE, OPTIONS, PATCH, POST, PUT } from "@/lib/api/get-only";
