/**
 * What the MCP end-to-end tests share (D25): an account with a key, the SDK's client connected
 * with it, the answers of its tools, and the raw requests of an OAuth client — registration, an
 * authorization URL with PKCE, the token endpoint, a /mcp POST — for what the SDK's client never
 * sends (a batch, a replayed refresh token, a missing redirect_uri).
 */
import { createHash, randomBytes } from "node:crypto";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import sharp from "sharp";
import { displayApiKey, generateApiKey, hashApiKey } from "../../../lib/keys/format";
import { createAccount, e2e, sql, uniqueEmail, type PlanId } from "../support";

export const mcpUrl = new URL("/mcp", e2e.appUrl);

export async function accountWithKey(plan: PlanId): Promise<{ userId: string; apiKey: string }> {
  const userId = await createAccount(uniqueEmail(`mcp-${plan}`), plan);
  const apiKey = generateApiKey();
  await sql(`INSERT INTO api_keys (id, user_id, name, hash, display) VALUES ($1, $2, 'mcp', $3, $4)`, [
    `key${userId}`,
    userId,
    hashApiKey(apiKey),
    displayApiKey(apiKey),
  ]);
  return { userId, apiKey };
}

export async function connect(apiKey: string): Promise<Client> {
  const client = new Client({ name: "glance-e2e", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(mcpUrl, { requestInit: { headers: { Authorization: `Bearer ${apiKey}` } } }),
  );
  return client;
}

export const call = (client: Client, name: string, args: Record<string, unknown> = {}) =>
  client.callTool({ name, arguments: args }) as Promise<CallToolResult>;

export function answerOf(result: CallToolResult): Record<string, unknown> {
  const text = result.content.find((c) => c.type === "text" && c.text.startsWith("{"));
  if (!text || text.type !== "text") throw new Error(`no JSON answer: ${JSON.stringify(result).slice(0, 400)}`);
  return JSON.parse(text.text) as Record<string, unknown>;
}

export async function imageSize(result: CallToolResult): Promise<[number?, number?]> {
  const image = result.content.find((c) => c.type === "image");
  if (!image || image.type !== "image") throw new Error(`no image: ${JSON.stringify(result).slice(0, 400)}`);
  const meta = await sharp(Buffer.from(image.data, "base64")).metadata();
  return [meta.width, meta.height];
}

/** A raw POST to /mcp with `credential` as Bearer. */
export function postMcp(credential: string, body: unknown): Promise<Response> {
  return fetch(mcpUrl, {
    method: "POST",
    headers: {
      authorization: `Bearer ${credential}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    },
    body: JSON.stringify(body),
  });
}

export function register(redirectUris: string[]): Promise<Response> {
  return fetch(`${e2e.appUrl}/oauth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ client_name: "Hand-made agent", redirect_uris: redirectUris }),
  });
}

export function tokenRequest(form: Record<string, string>): Promise<Response> {
  return fetch(`${e2e.appUrl}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
  });
}

/** The status and OAuth error of an answer. */
export async function oauthErrorOf(response: Response): Promise<[number, string]> {
  return [response.status, ((await response.json()) as { error: string }).error];
}

/** A PKCE verifier (RFC 7636) and an authorization URL with its S256 challenge; `redirect_uri` left out when undefined. */
export function authorizationRequest(clientId: string, redirectUri: string | undefined, responseType = "code") {
  const verifier = randomBytes(32).toString("base64url");
  const url = new URL("/oauth/authorize", e2e.appUrl);
  url.searchParams.set("response_type", responseType);
  url.searchParams.set("client_id", clientId);
  if (redirectUri !== undefined) url.searchParams.set("redirect_uri", redirectUri);
  url.searchParams.set("code_challenge", createHash("sha256").update(verifier).digest("base64url"));
  url.searchParams.set("code_challenge_method", "S256");
  url.searchParams.set("state", "e2e-state");
  return { url, verifier };
}
