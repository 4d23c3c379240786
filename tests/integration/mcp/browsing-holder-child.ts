/**
 * Another app instance for the browsing relay test (D43): its own process, on the parent's
 * database and Redis, that opens browsing sessions with the browser_open tool for the API key the
 * parent sends over IPC and holds their pages until killed — so the parent's /mcp, which does not
 * hold them, must forward the calls.
 * Run with: node --conditions=react-server --import tsx tests/integration/mcp/browsing-holder-child.ts
 */
import { callerForKey } from "@/lib/api/auth";
import { BROWSER_TOOLS } from "@/lib/mcp/tools/browser";

const open = BROWSER_TOOLS.find((t) => t.name === "browser_open")!;

process.on("message", (m: { id: number; apiKey: string; url: string }) => {
  void (async () => {
    const caller = { ...(await callerForKey(m.apiKey)), via: "mcp" as const };
    const result = await open.run({ url: m.url }, { caller, signal: new AbortController().signal });
    process.send?.({ id: m.id, result });
  })().catch((error: unknown) => process.send?.({ id: m.id, error: String(error) }));
});
process.send?.({ ready: true });
