/** The dashboard OG editor's calls (D21): session cookie, same origin. Logic: lib/studio/dashboard-api.ts. */
import { handleStudioRequest } from "@/lib/studio/dashboard-api";

export const dynamic = "force-dynamic";
// Every other method: a problem+json 405 with Allow (D1), not Next's empty one.
export { DELETE, GET, HEAD, OPTIONS, PATCH, PUT } from "@/lib/api/post-only";

export const POST = handleStudioRequest;
