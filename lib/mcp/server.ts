/**
 * The MCP server of one /mcp request (D25). Stateless: every POST gets a server and a transport
 * of its own, so any instance answers any request and nothing is kept between them. The
 * low-level `Server` of the official SDK, not `McpServer`: the tools' input schemas are JSON
 * Schema generated from the endpoints' own schemas (lib/mcp/schema.ts) and their arguments are
 * validated by the endpoint itself, so a bad argument is the endpoint's own 400 code as a tool
 * error — McpServer would validate with a zod schema of its own first and answer in its words.
 */
import "server-only";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { ApiError } from "@/lib/vocabulary/errors";
import { log } from "@/lib/log";
import { argumentsObject, toolError, ToolFailure, type ToolContext } from "./call";
import { MCP_TOOLS } from "./tools";

const SERVER_INFO = { name: "glance", title: "Glance", version: "1.0.0" } as const;

/** What an agent reads first: every tool in MCP_TOOLS is named here (tests/unit/mcp/tools.test.ts checks it). */
export const INSTRUCTIONS =
  "Glance renders web pages in a real browser: screenshot for images and PDFs of a page or of HTML, page_markdown to read a page as Markdown, page_metadata for its title, description, Open Graph tags and more, og_image for social preview images from templates (og_templates lists them), start_job/get_job for long renders, map_site to list a site's URLs without rendering, crawl_site/get_crawl to render a whole site page by page. To browse step by step (log in, click through): browser_open answers a sessionId for browser_navigate, browser_snapshot (the page with element refs), browser_click, browser_type, browser_press, browser_scroll, browser_screenshot, browser_save_profile (keeps the login: later renders pass profile=<name>) and browser_close. Results are stored and their URLs can be shared. Errors carry a code: plan_upgrade_required and quota_exceeded mean the account's plan, private_address a target that is not public.";

export function createMcpServer(ctx: ToolContext): Server {
  const server = new Server(SERVER_INFO, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: MCP_TOOLS.map(({ name, title, description, inputSchema, annotations }) => ({
      name,
      title,
      description,
      inputSchema,
      annotations,
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const tool = MCP_TOOLS.find((t) => t.name === request.params.name);
    if (!tool)
      return toolError(
        new ApiError("not_found", `No tool named ${request.params.name.slice(0, 64)}; tools/list names them.`),
      );
    try {
      return await tool.run(argumentsObject(request.params.arguments), ctx);
    } catch (error) {
      if (!(error instanceof ToolFailure) && !(error instanceof ApiError))
        log.error("mcp tool failed", { tool: tool.name, userId: ctx.caller.userId, error });
      return toolError(error);
    }
  });
  return server;
}
