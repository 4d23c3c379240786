/** POST /v1/monitors (create) and GET /v1/monitors (the account's monitors), D27. Logic: lib/monitors. */
import { otherMethods } from "@/lib/api/fallback";
import { apiRoute } from "@/lib/api/pipeline";
import { createMonitorEndpoint, monitorReadEndpoint } from "@/lib/monitors/endpoint";
import { handleCreateMonitor, handleListMonitors } from "@/lib/monitors/handlers";

export const dynamic = "force-dynamic";

export const POST = apiRoute(createMonitorEndpoint, handleCreateMonitor);
export const GET = apiRoute(monitorReadEndpoint, handleListMonitors);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET, HEAD, POST, OPTIONS");
