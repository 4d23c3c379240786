/**
 * An MCP client connected through OAuth (D25) by a workspace member, for the removal tests (D28):
 * the MCP SDK's own client and its OAuth flow against the routes served on `origin`; the consent
 * page's "browser" is the test, posting the member's decision with their session.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { OAuthClientInformationMixed, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import { expect } from "vitest";

/** An MCP client's side of OAuth, in memory. Its redirect URI is never contacted. */
export class Agent implements OAuthClientProvider {
  readonly redirectUrl = "http://127.0.0.1:9/callback";
  readonly clientMetadata = { client_name: "Agent", redirect_uris: [this.redirectUrl] };
  info?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier?: string;
  authorizationUrl?: URL;
  clientInformation = () => this.info;
  saveClientInformation = (info: OAuthClientInformationMixed) => void (this.info = info);
  tokens = () => this.saved;
  saveTokens = (tokens: OAuthTokens) => void (this.saved = tokens);
  redirectToAuthorization = (url: URL) => void (this.authorizationUrl = url);
  saveCodeVerifier = (verifier: string) => void (this.verifier = verifier);
  codeVerifier = () => this.verifier!;
}

/** `who` connects a new agent to `workspace` on the consent page; returns the agent, its client connected. */
export async function connectAgent(
  origin: string,
  who: { token: string },
  workspace: string,
): Promise<{ agent: Agent; client: Client }> {
  const agent = new Agent();
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

/** tools/list on /mcp with an access token, as a raw request: its status. */
export async function mcpStatus(origin: string, accessToken: string): Promise<number> {
  const response = await fetch(`${origin}/mcp`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${accessToken}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
  });
  await response.arrayBuffer();
  return response.status;
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
