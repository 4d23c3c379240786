/** The dashboard OG editor's calls (D21): session cookie, same origin. Logic: lib/og/studio/dashboard-api.ts. */
import { handleStudioRequest } from "@/lib/og/studio/dashboard-api";

export const dynamic = "force-dynamic";

export const POST = handleStudioRequest;
