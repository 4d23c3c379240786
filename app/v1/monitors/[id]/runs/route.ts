/** GET /v1/monitors/{id}/runs: the monitor's runs, newest first (D27). Logic: lib/monitors/handlers.ts. */
import { apiRoute } from "@/lib/api/pipeline";
import { monitorReadEndpoint } from "@/lib/monitors/endpoint";
import { handleListRuns } from "@/lib/monitors/handlers";

export const dynamic = "force-dynamic";

export const GET = apiRoute(monitorReadEndpoint, handleListRuns);

export { DELETE, OPTIONS, PATCH, POST, PUT } from "@/lib/api/get-only";
