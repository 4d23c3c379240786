/** GET /v1/connectors: the workspace's connectors and their status (D42). Logic: lib/connectors/list-endpoint.ts. */
import { apiRoute } from "@/lib/api/pipeline";
import { connectorsEndpoint, handleConnectors } from "@/lib/connectors/list-endpoint";

export const dynamic = "force-dynamic";

export const GET = apiRoute(connectorsEndpoint, handleConnectors);

export { DELETE, OPTIONS, PATCH, POST, PUT } from "@/lib/api/get-only";
