/**
 * The client's and the browser's side of the MCP OAuth flow for the OAuth tests (D25): the SDK's
 * OAuthClientProvider kept in memory, the consent page's form posted as the browser posts it (a
 * signed-in session cookie, same origin), and the raw registration and token requests a client
 * makes — for the cases the SDK's client never sends (a replayed refresh token, a missing
 * redirect_uri).
 */
import { createHash, randomBytes } from "node:crypto";
import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { OAuthClientInformationMixed, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import { beforeAll, expect } from "vitest";
import type { TestAccount } from "@/tests/support/api";
import { madeInBeforeAll } from "@/tests/support/test-env";
import type { McpHarness } from "./harness";

/** An MCP client's side of OAuth, kept in memory; the "browser" is the test. Its redirect URI is never contacted. */
export class TestProvider implements OAuthClientProvider {
  readonly redirectUrl = "http://127.0.0.1:9/callback";
  info?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier?: string;
  authorizationUrl?: URL;
  get clientMetadata() {
    return {
      client_name: "Test agent",
      redirect_uris: [this.redirectUrl],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.info = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    if (!this.verifier) throw new Error("no code verifier");
    return this.verifier;
  }
}

/** The app the requests go to, and the signed-in user's session cookie. */
export interface OAuthApp {
  origin: string;
  cookie: string;
}

/** The consent page's form as the browser posts it: the authorization request's parameters and the button. */
function decide(
  app: OAuthApp,
  authorizationUrl: URL,
  decision: "allow" | "deny",
  headers: Record<string, string> = {},
  workspace?: string,
) {
  const form = new URLSearchParams(authorizationUrl.searchParams);
  form.set("decision", decision);
  if (workspace) form.set("workspace", workspace);
  return fetch(new URL("/oauth/decision", app.origin), {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: app.origin,
      cookie: app.cookie,
      ...headers,
    },
    body: form,
  });
}

export async function register(app: OAuthApp, redirectUris: string[]): Promise<Response> {
  return fetch(`${app.origin}/oauth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ client_name: "Hand-made client", redirect_uris: redirectUris }),
  });
}

export function tokenRequest(app: OAuthApp, form: Record<string, string>): Promise<Response> {
  return fetch(`${app.origin}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
  });
}

/** A PKCE pair (RFC 7636, S256). */
export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

/** An authorization URL as a client builds it; `redirect_uri` left out when `redirectUri` is undefined. */
export function authorizationUrl(app: OAuthApp, clientId: string, redirectUri: string | undefined, challenge: string) {
  const url = new URL("/oauth/authorize", app.origin);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", clientId);
  if (redirectUri !== undefined) url.searchParams.set("redirect_uri", redirectUri);
  url.searchParams.set("code_challenge", challenge);
  url.searchParams.set("code_challenge_method", "S256");
  url.searchParams.set("state", "st8");
  return url;
}

/**
 * The whole flow for a new client, as the SDK runs it: refused, registered, allowed by the
 * signed-in user (the code comes back with its state and iss), the code exchanged; returns the
 * connected client.
 */
async function authorize(mcpUrl: URL, app: OAuthApp, provider: TestProvider, workspace?: string): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider });
  await expect(new Client({ name: "oauth-test", version: "1.0.0" }).connect(transport)).rejects.toThrow(
    /unauthorized/i,
  );
  const answer = await decide(app, provider.authorizationUrl!, "allow", {}, workspace);
  expect(answer.status).toBe(303);
  const back = new URL(answer.headers.get("location")!);
  expect(`${back.origin}${back.pathname}`).toBe(provider.redirectUrl);
  expect(back.searchParams.get("state")).toBe(provider.authorizationUrl!.searchParams.get("state"));
  expect(back.searchParams.get("iss")).toBe(app.origin);
  await transport.finishAuth(back.searchParams.get("code")!);
  const client = new Client({ name: "oauth-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider }));
  return client;
}

/** A session cookie for `userId`, as the consent page's signed-in person (a row in sessions, as next-auth makes). */
async function sessionCookieFor(userId: string): Promise<string> {
  const { getDb } = await import("@/lib/db");
  const { sessionCookieName } = await import("@/lib/auth/constants");
  const sessionToken = randomBytes(24).toString("hex");
  const db = await getDb();
  await db.session.create({ data: { sessionToken, userId, expires: new Date(Date.now() + 3_600_000) } });
  return `${sessionCookieName()}=${sessionToken}`;
}

/**
 * The consent page's signed-in person for a file's OAuth tests (a Business account of `h`, with a
 * session), and the flow's steps bound to them: registers the file's beforeAll after the harness's.
 */
export function signedInOAuth(h: McpHarness) {
  let account: TestAccount | undefined;
  let cookie = "";
  beforeAll(async () => {
    account = await h.account("business");
    cookie = await sessionCookieFor(account.userId);
  }, 60_000);
  const app = (): OAuthApp => ({ origin: h.app.origin, cookie });
  return {
    get account() {
      return madeInBeforeAll(account, "the signed-in account");
    },
    app,
    decide: (url: URL, decision: "allow" | "deny", headers: Record<string, string> = {}, workspace?: string) =>
      decide(app(), url, decision, headers, workspace),
    /** Runs the whole flow for a new client; returns the connected client. */
    authorize: (provider: TestProvider, workspace?: string) => authorize(h.mcpUrl, app(), provider, workspace),
  };
}
