/** POST /oauth/register: dynamic client registration for MCP clients (RFC 7591, D25). Logic: lib/mcp/oauth/routes.ts. */
import { preflight } from "@/lib/mcp/oauth/metadata";
import { registerClient } from "@/lib/mcp/oauth/routes";

export const dynamic = "force-dynamic";

export const POST = registerClient;
export const OPTIONS = preflight;
