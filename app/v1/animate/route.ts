/** GET and POST /v1/animate: a scroll video, a GIF or a recorded interaction (D26). Logic: lib/animate/handler.ts. */
import { queryOrBodyRoute } from "@/lib/api/query-or-body-route";
import { animateEndpoint } from "@/lib/animate/endpoint";
import { handleAnimate } from "@/lib/animate/handler";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = queryOrBodyRoute(animateEndpoint, handleAnimate);
