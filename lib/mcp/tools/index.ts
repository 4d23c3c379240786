/** The MCP server's tools, in the order clients list them (D25). One registry: the server and the docs page read it. */
import "server-only";
import { BROWSER_TOOLS } from "./browser";
import { pageMarkdownTool, pageMetadataTool } from "./content";
import { getJobTool, startJobTool } from "./jobs";
import { ogImageTool, ogTemplatesTool, screenshotTool } from "./render";
import { crawlSiteTool, getCrawlTool, mapSiteTool } from "./sites";
import type { McpTool } from "./types";

export const MCP_TOOLS: readonly McpTool[] = [
  screenshotTool,
  pageMarkdownTool,
  pageMetadataTool,
  ogImageTool,
  ogTemplatesTool,
  startJobTool,
  getJobTool,
  mapSiteTool,
  crawlSiteTool,
  getCrawlTool,
  ...BROWSER_TOOLS,
];

export type { McpTool } from "./types";
