/** GET /v1/map: a site's URLs from its sitemaps and links, without rendering (D32). Logic: lib/map. */
import { apiRoute } from "@/lib/api/pipeline";
import { mapEndpoint } from "@/lib/map/endpoint";
import { handleMap } from "@/lib/map/handler";

export const dynamic = "force-dynamic";

export const GET = apiRoute(mapEndpoint, handleMap);

export { DELETE, OPTIONS, PATCH, POST, PUT } from "@/lib/api/get-only";
