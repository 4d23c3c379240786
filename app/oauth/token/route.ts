/** POST /oauth/token: codes (PKCE) and refresh tokens for MCP clients (D25). Logic: lib/mcp/oauth/routes.ts. */
import { preflight } from "@/lib/mcp/oauth/metadata";
import { token } from "@/lib/mcp/oauth/routes";

export const dynamic = "force-dynamic";

export const POST = token;
export const OPTIONS = preflight;
