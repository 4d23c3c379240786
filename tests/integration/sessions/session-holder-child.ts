/**
 * Another app instance for the profile relay test (D43): its own process, on the parent's
 * database and Redis, that serves /v1/browser as scripts/server.ts does (CDP sessions, from a
 * connect URL the parent's POST /v1/sessions made) and opens MCP browsing sessions with the
 * browser_open tool for the API key the parent sends over IPC, signing in on the login site's form
 * with the session's page as an agent's browser_type and browser_click would. It holds every
 * session until killed, so the parent, which holds none, must have them served here.
 * Run with: node --conditions=react-server --import tsx tests/integration/sessions/session-holder-child.ts
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { callerForKey } from "@/lib/api/auth";
import { BROWSER_TOOLS } from "@/lib/mcp/tools/browser";
import { handleSessionUpgrade } from "@/lib/sessions/connect";
import { heldSession } from "@/lib/sessions/driven";

const open = BROWSER_TOOLS.find((t) => t.name === "browser_open")!;

/** A browsing session for the key's workspace, signed in as alice on the login site at `site`. */
async function signedInBrowsing(apiKey: string, site: string): Promise<string> {
  const caller = { ...(await callerForKey(apiKey)), via: "mcp" as const };
  const opened = await open.run({ url: `${site}/login` }, { caller, signal: new AbortController().signal });
  const first = opened.content[0];
  if (opened.isError || first?.type !== "text") throw new Error(JSON.stringify(opened));
  const sessionId = String((JSON.parse(first.text) as { sessionId: string }).sessionId);
  const { page } = heldSession(caller.userId, sessionId)!;
  await page.type("input[name=username]", "alice");
  await page.type("input[name=password]", "correct-horse");
  await Promise.all([page.waitForNavigation(), page.click("button[type=submit]")]);
  return sessionId;
}

const server = http.createServer((_req, res) => res.writeHead(404).end());
server.on("upgrade", (req, socket, head) => {
  if (!handleSessionUpgrade(req, socket, head)) socket.destroy();
});
server.listen(0, "127.0.0.1", () => {
  const { port } = server.address() as AddressInfo;
  process.send?.({ ready: true, endpoint: `ws://127.0.0.1:${port}/v1/browser` });
});

process.on("message", (m: { id: number; apiKey: string; site: string }) => {
  signedInBrowsing(m.apiKey, m.site).then(
    (sessionId) => process.send?.({ id: m.id, sessionId }),
    (error: unknown) => process.send?.({ id: m.id, error: String(error) }),
  );
});
