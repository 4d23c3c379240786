/** What a tool of the MCP server is (D25): its listing (name, description, input schema, hints) and what it runs. */
import "server-only";
import type { CallToolResult, ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import type { ToolContext } from "../call";
import type { JsonSchemaObject } from "../schema";

export interface McpTool {
  name: string;
  title: string;
  /** What an agent reads to decide when and how to call it: what it returns, what it costs, what refuses it. */
  description: string;
  inputSchema: JsonSchemaObject;
  annotations: ToolAnnotations;
  /** Throws ToolFailure (or ApiError) for a refused call; the server turns it into a tool error. */
  run(args: Record<string, unknown>, ctx: ToolContext): Promise<CallToolResult>;
}

/** Every render tool reads pages or templates and touches nothing of the account but its quota. */
export const RENDERS: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, openWorldHint: true };
