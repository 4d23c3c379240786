/** GET /v1/usage: the calling account's plan, quota period, renders and rate window (D18). Logic: lib/usage/endpoint/endpoint.ts. */
import { apiRoute } from "@/lib/api/pipeline";
import { handleUsage, usageEndpoint } from "@/lib/usage/endpoint/endpoint";

export const dynamic = "force-dynamic";

export const GET = apiRoute(usageEndpoint, handleUsage);

export { DELETE, OPTIONS, PATCH, POST, PUT } from "@/lib/api/get-only";
