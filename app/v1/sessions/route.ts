/** POST /v1/sessions (a single-use connect URL) and GET /v1/sessions (the account's sessions), D39. Logic: lib/sessions. */
import { otherMethods } from "@/lib/api/fallback";
import { apiRoute } from "@/lib/api/pipeline";
import {
  createSessionEndpoint,
  handleCreateSession,
  handleListSessions,
  sessionsEndpoint,
} from "@/lib/sessions/endpoint";

export const dynamic = "force-dynamic";

export const POST = apiRoute(createSessionEndpoint, handleCreateSession);
export const GET = apiRoute(sessionsEndpoint, handleListSessions);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET, HEAD, POST, OPTIONS");
