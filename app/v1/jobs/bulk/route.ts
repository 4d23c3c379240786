/** POST /v1/jobs/bulk: up to 100 async renders as one batch, one webhook when all have ended (D20). Logic: lib/jobs. */
import { apiRoute } from "@/lib/api/pipeline";
import { bulkJobsEndpoint } from "@/lib/jobs/endpoint";
import { handleCreateBatch } from "@/lib/jobs/handlers";

export const dynamic = "force-dynamic";

export const POST = apiRoute(bulkJobsEndpoint, handleCreateBatch);

export { DELETE, GET, HEAD, OPTIONS, PATCH, PUT } from "@/lib/api/post-only";
