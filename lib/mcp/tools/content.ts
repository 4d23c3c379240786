/**
 * The page-as-data tools (D25, D24): `page_markdown` and `page_metadata`, each a POST /v1/content
 * with its one format, through the content endpoint's own spec and handler (lib/mcp/call.ts callEndpoint).
 */
import "server-only";
import { contentEndpoint } from "@/lib/content/endpoint";
import { handleContent } from "@/lib/content/handler";
import { contentParams } from "@/lib/content/params";
import { callEndpoint, jsonText } from "../call";
import { toolInputSchema } from "../schema";
import { RENDERS, type McpTool } from "./types";

const COSTS =
  "Works on every plan. Costs one render of the monthly quota when it renders; the same call again within the plan's cache time is free. Private, loopback and internal addresses are refused (private_address).";

export const pageMarkdownTool: McpTool = {
  name: "page_markdown",
  title: "Read a web page as Markdown",
  description: [
    "Load a public web page (url) or an HTML document (html) in a real Chromium — scripts run, lazy sections are scrolled into view — and return its main content as GitHub-flavoured Markdown: headings, lists, tables, code blocks and links kept; navigation, cookie banners, ads and footers left out (onlyMainContent=false keeps the whole page).",
    "The first item is the Markdown; the second, JSON with the page's title, final URL, HTTP status and the cache facts.",
    COSTS,
  ].join(" "),
  inputSchema: toolInputSchema(contentParams, { omit: ["formats"] }),
  annotations: RENDERS,
  async run(args, ctx) {
    const answer = await callEndpoint(contentEndpoint, handleContent, ctx, {
      body: { ...args, formats: ["markdown"], response: "json" },
    });
    const { markdown, ...facts } = answer;
    return { content: [{ type: "text", text: String(markdown ?? "") }, jsonText(facts)] };
  },
};

export const pageMetadataTool: McpTool = {
  name: "page_metadata",
  title: "Read a web page's metadata",
  description: [
    "Load a public web page (url) or an HTML document (html) in a real Chromium and return its metadata as JSON: title, description, canonical URL, language, Open Graph and Twitter card fields, icons, JSON-LD, published/modified dates and the colour palette of the viewport, plus the final URL and HTTP status.",
    COSTS,
  ].join(" "),
  inputSchema: toolInputSchema(contentParams, { omit: ["formats", "onlyMainContent"] }),
  annotations: RENDERS,
  async run(args, ctx) {
    const answer = await callEndpoint(contentEndpoint, handleContent, ctx, {
      body: { ...args, formats: ["metadata"], response: "json" },
    });
    return { content: [jsonText(answer)] };
  },
};
