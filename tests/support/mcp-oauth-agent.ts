/**
 * An MCP client's side of OAuth (D25), in memory, for the MCP SDK's own client: what the
 * integration tests and the end-to-end specs connect agents with. Its redirect URI is never
 * contacted: the test reads the code from where the consent page sends the browser.
 */
import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import type { OAuthClientInformationMixed, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";

export class OAuthAgent implements OAuthClientProvider {
  readonly clientMetadata;
  info?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier?: string;
  authorizationUrl?: URL;

  constructor(
    readonly redirectUrl = "http://127.0.0.1:9/callback",
    clientName = "Agent",
  ) {
    this.clientMetadata = { client_name: clientName, redirect_uris: [redirectUrl], token_endpoint_auth_method: "none" };
  }

  clientInformation = () => this.info;
  saveClientInformation = (info: OAuthClientInformationMixed) => void (this.info = info);
  tokens = () => this.saved;
  saveTokens = (tokens: OAuthTokens) => void (this.saved = tokens);
  redirectToAuthorization = (url: URL) => void (this.authorizationUrl = url);
  saveCodeVerifier = (verifier: string) => void (this.verifier = verifier);
  codeVerifier = () => this.verifier!;
}

/** tools/list on `origin`'s /mcp with an access token, as a raw request: its status. */
export async function mcpStatus(origin: string, accessToken: string): Promise<number> {
  const response = await fetch(new URL("/mcp", origin), {
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
