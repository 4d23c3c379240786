/** GET, PATCH and DELETE /v1/monitors/{id}, D27. Logic: lib/monitors/handlers.ts. */
import { allowedMethodsFor, methodNotAllowedFor } from "@/lib/api/fallback";
import { apiRoute } from "@/lib/api/pipeline";
import { monitorReadEndpoint, updateMonitorEndpoint } from "@/lib/monitors/endpoint";
import { handleDeleteMonitor, handleGetMonitor, handleUpdateMonitor } from "@/lib/monitors/handlers";

export const dynamic = "force-dynamic";

export const GET = apiRoute(monitorReadEndpoint, handleGetMonitor);
export const PATCH = apiRoute(updateMonitorEndpoint, handleUpdateMonitor);
export const DELETE = apiRoute(monitorReadEndpoint, handleDeleteMonitor);

const ALLOW = "GET, HEAD, PATCH, DELETE, OPTIONS";
export const POST = methodNotAllowedFor(ALLOW);
export const PUT = POST;
export const OPTIONS = allowedMethodsFor(ALLOW);
