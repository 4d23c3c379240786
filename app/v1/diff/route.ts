/** GET and POST /v1/diff: compare a page with another page or a stored image (D27). Logic: lib/diff. */
import { queryOrBodyRoute } from "@/lib/api/query-or-body-route";
import { diffEndpoint } from "@/lib/diff/endpoint";
import { handleDiff } from "@/lib/diff/handler";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = queryOrBodyRoute(diffEndpoint, handleDiff);
