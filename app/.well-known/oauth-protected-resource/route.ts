/** The MCP server's protected-resource metadata (RFC 9728, D25). Logic: lib/mcp/oauth/metadata.ts. */
import { metadataResponse, preflight, protectedResourceMetadata } from "@/lib/mcp/oauth/metadata";

export const dynamic = "force-dynamic";

export const GET = (request: Request) => metadataResponse(protectedResourceMetadata(), request);
export const OPTIONS = preflight;
