/**
 * An MCP client connected through OAuth (D25) by a workspace member, for the removal tests (D28):
 * the MCP SDK's own client and its OAuth flow against the routes served on `origin`; the consent
 * page's "browser" is the test, posting the member's decision with their session.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import { expect } from "vitest";
import { OAuthAgent } from "@/tests/support/mcp-oauth-agent";

export { mcpStatus } from "@/tests/support/mcp-oauth-agent";
export type Agent = OAuthAgent;

/** `who` connects a new agent to `workspace` on the consent page; returns the agent, its client connected. */
export async function connectAgent(
  origin: string,
  who: { token: string },
  workspace: string,
): Promise<{ agent: Agent; client: Client }> {
  const agent = new OAuthAgent();
  const mcpUrl = new URL("/mcp", origin);
  const first = new StreamableHTTPClientTransport(mcpUrl, { authProvider: agent });
  await expect(new Client({ name: "removal", version: "1" }).connect(first)).rejects.toThrow(/unauthorized/i);
  const { sessionCookieName } = await import("@/lib/auth/constants");
  const decision = new URLSearchParams(agent.authorizationUrl!.searchParams);
  decision.set("decision", "allow");
  decision.set("workspace", workspace);
  const answer = await fetch(`${origin}/oauth/decision`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin,
      cookie: `${sessionCookieName()}=${who.token}`,
    },
    body: decision,
  });
  expect(answer.status).toBe(303);
  await first.finishAuth(new URL(answer.headers.get("location")!).searchParams.get("code")!);
  const client = new Client({ name: "removal", version: "1" });
  await client.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: agent }));
  return { agent, client };
}

/** The refresh grant at the token endpoint: the OAuth error, or null when new tokens came back. */
export async function refreshError(origin: string, agent: Agent): Promise<string | null> {
  const response = await fetch(`${origin}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "refresh_token",
      refresh_token: agent.saved!.refresh_token!,
      client_id: agent.info!.client_id,
    }),
  });
  const body = (await response.json()) as OAuthTokens & { error?: string };
  if (response.ok) agent.saved = body;
  return body.error ?? null;
}

/** start_job through the agent's MCP client: the new job's id. */
export async function startJob(client: Client, title: string): Promise<string> {
  const result = await client.callTool({
    name: "start_job",
    arguments: { endpoint: "og", params: { template: "default", title } },
  });
  const [first] = result.content as Array<{ type: string; text: string }>;
  if (result.isError) throw new Error(`start_job refused: ${first.text}`);
  return (JSON.parse(first.text) as { id: string }).id;
}
