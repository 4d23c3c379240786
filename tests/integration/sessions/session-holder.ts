/**
 * Another app instance holding live sessions (D43's profile relay test): session-holder-child.ts
 * in a process of its own (tests/support/other-instance.ts), serving /v1/browser and browser_open.
 */
import { otherInstance } from "@/tests/support/other-instance";

export function sessionHolder() {
  const other = otherInstance<{ endpoint: string }>("tests/integration/sessions/session-holder-child.ts");
  return {
    /** ws://127.0.0.1:<port>/v1/browser on the other instance. */
    get endpoint() {
      return other.ready.endpoint;
    },
    /** An MCP browsing session opened there for `apiKey`, signed in on the login site at `site`: its id. */
    async signedInBrowsing(apiKey: string, site: string): Promise<string> {
      const m = await other.ask<{ sessionId?: string; error?: string }>({ apiKey, site });
      if (m.sessionId) return m.sessionId;
      throw new Error(m.error);
    },
    kill: () => other.kill(),
  };
}
