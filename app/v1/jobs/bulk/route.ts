/** POST /v1/jobs/bulk: up to 100 async renders as one batch, one webhook when all have ended (D20). Logic: lib/jobs. */
import { allowedMethodsFor, methodNotAllowedFor } from "@/lib/api/fallback";
import { apiRoute } from "@/lib/api/pipeline";
import { bulkJobsEndpoint } from "@/lib/jobs/endpoint";
import { handleCreateBatch } from "@/lib/jobs/handlers";

export const dynamic = "force-dynamic";

export const POST = apiRoute(bulkJobsEndpoint, handleCreateBatch);

const ALLOW = "POST, OPTIONS";
export const GET = methodNotAllowedFor(ALLOW);
export const HEAD = GET;
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
export const OPTIONS = allowedMethodsFor(ALLOW);
