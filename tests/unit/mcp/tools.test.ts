/**
 * A new MCP tool (ARCHITECTURE.md#add-an-mcp-tool) is one entry in MCP_TOOLS; what else must name
 * it fails here when forgotten: the server's instructions, which an agent reads before the list.
 * The docs page (app/(docs)/docs/mcp/page.tsx) and tools/list map MCP_TOOLS itself.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { INSTRUCTIONS } from "@/lib/mcp/server";
import { MCP_TOOLS } from "@/lib/mcp/tools";

describe("the MCP tools registry", () => {
  it("names every tool in the server's instructions", () => {
    const named = MCP_TOOLS.map((tool) => tool.name).filter((name) => new RegExp(`\\b${name}\\b`).test(INSTRUCTIONS));
    expect(named).toEqual(MCP_TOOLS.map((tool) => tool.name));
  });

  it("gives each tool a unique name, a description and an object input schema", () => {
    expect(new Set(MCP_TOOLS.map((tool) => tool.name)).size).toBe(MCP_TOOLS.length);
    for (const tool of MCP_TOOLS) {
      expect(tool.description.length, tool.name).toBeGreaterThan(40);
      expect(tool.inputSchema.type, tool.name).toBe("object");
    }
  });

  it("is the list the docs page shows", () => {
    const page = readFileSync(path.join(process.cwd(), "app/(docs)/docs/mcp/page.tsx"), "utf8");
    expect(page).toMatch(/MCP_TOOLS\.map\(/);
  });
});
