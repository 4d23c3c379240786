/** POST /v1/monitors/{id}/run: run the monitor now, answered 202 with the run (D27). Logic: lib/monitors/handlers.ts. */
import { apiRoute } from "@/lib/api/pipeline";
import { monitorReadEndpoint } from "@/lib/monitors/endpoint";
import { handleRunMonitor } from "@/lib/monitors/handlers";

export const dynamic = "force-dynamic";

export const POST = apiRoute(monitorReadEndpoint, handleRunMonitor);

export { DELETE, GET, HEAD, OPTIONS, PATCH, PUT } from "@/lib/api/post-only";
