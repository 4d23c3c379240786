/** /mcp: Glance's tools for AI agents over the Model Context Protocol (D25). Logic: lib/mcp/route.ts. */
import { handleMcpPost, mcpMethodNotAllowed, mcpOptions } from "@/lib/mcp/route";

export const dynamic = "force-dynamic";

export const POST = handleMcpPost;
export const GET = mcpMethodNotAllowed;
export const DELETE = mcpMethodNotAllowed;
export const PUT = mcpMethodNotAllowed;
export const PATCH = mcpMethodNotAllowed;
export const OPTIONS = mcpOptions;
