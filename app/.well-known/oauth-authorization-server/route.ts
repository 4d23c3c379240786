/** The authorization server's metadata for MCP clients (RFC 8414, D25). Logic: lib/mcp/oauth/metadata.ts. */
import { authorizationServerMetadata, metadataResponse, preflight } from "@/lib/mcp/oauth/metadata";

export const dynamic = "force-dynamic";

export const GET = (request: Request) => metadataResponse(authorizationServerMetadata(), request);
export const OPTIONS = preflight;
