/**
 * Another app instance holding browsing sessions (D43's relay test): browsing-holder-child.ts in a
 * process of its own (tests/support/other-instance.ts).
 */
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { otherInstance } from "@/tests/support/other-instance";
import { answerOf } from "./harness";

export function browsingHolder() {
  const other = otherInstance<unknown>("tests/integration/mcp/browsing-holder-child.ts");
  return {
    /** browser_open run on the other instance for `apiKey`, loading `url`: the session id it answers. */
    async open(apiKey: string, url: string): Promise<string> {
      const m = await other.ask<{ result?: CallToolResult; error?: string }>({ apiKey, url });
      if (m.result && !m.result.isError) return String(answerOf(m.result).sessionId);
      throw new Error(m.error ?? JSON.stringify(m.result));
    },
    kill: () => other.kill(),
  };
}
