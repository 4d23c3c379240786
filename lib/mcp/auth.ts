/**
 * Who is calling /mcp (D25): an API key as `Authorization: Bearer sk_live_…` (what MCP clients
 * let one configure) or `X-API-Key`, checked exactly as on /v1 (lib/api/auth.ts: format, revoked,
 * paused, a due plan change). It runs once per /mcp request (stateless: every POST is checked
 * afresh, so a key revoked mid-session is refused at the next request); the tool calls inside run
 * with the caller it found (lib/mcp/call.ts, D35). No `api_key` in the URL: an MCP server URL is pasted into config files and logs.
 */
import "server-only";
import type { Authenticator } from "@/lib/api/auth";
import { callerForKey } from "@/lib/api/auth";
import { isAppHost, onAppHost } from "@/lib/api/app-host";
import { ApiError } from "@/lib/vocabulary/errors";
import { withDuePlanChange } from "@/lib/accounts/plan-change";
import { ACCESS_TOKEN_PREFIX, findAccessGrant } from "@/lib/keys/oauth-grants";

const MCP_MISSING_KEY = "Missing API key. Provide it as Authorization: Bearer sk_live_… (or the X-API-Key header).";

/** The credential a request presents, or undefined. Bearer wins over X-API-Key. */
function mcpCredential(request: Request): string | undefined {
  const authorization = request.headers.get("authorization")?.trim();
  const bearer = authorization && /^bearer\s+(.+)$/i.exec(authorization)?.[1]?.trim();
  if (bearer) return bearer;
  return request.headers.get("x-api-key")?.trim() || undefined;
}

/** Whether the request presents any credential (a 401 then says it was refused, not missing: RFC 6750's error). */
export function hasCredential(request: Request): boolean {
  return mcpCredential(request) !== undefined;
}

/**
 * OAuth belongs to APP_URL's host (#51, D25): the resource clients are told to ask a token for is
 * APP_URL's /mcp, which a client connected to another host name refuses to match. Such a client,
 * with no credential or with an access token, is told the URL to use; an API key works anywhere.
 */
export function refuseOAuthOnAnotherHost(request: Request): void {
  if (isAppHost(request.headers)) return;
  const credential = mcpCredential(request);
  if (credential && !credential.startsWith(ACCESS_TOKEN_PREFIX)) return;
  const url = onAppHost("/mcp");
  throw new ApiError(
    "misdirected_request",
    `This server's MCP address is ${url} (its APP_URL): connect your MCP client there to sign in with OAuth. An API key (Authorization: Bearer sk_live_…) works at any address of the server.`,
  );
}

export const authenticateMcp: Authenticator = async (request) => {
  const credential = mcpCredential(request);
  if (!credential) throw new ApiError("missing_api_key", MCP_MISSING_KEY);
  if (credential.startsWith(ACCESS_TOKEN_PREFIX)) return callerForAccessToken(credential);
  // Marked for the request log: an agent's call, not a request the person sent with the key (#51).
  return { ...(await callerForKey(credential)), via: "mcp" as const };
};

/**
 * An OAuth access token (D25): the account that granted it, on its plan (a due plan change
 * applied first, as for a key, D18). No key: the request log shows such calls without a key name.
 */
async function callerForAccessToken(token: string) {
  const grant = await withDuePlanChange(
    await findAccessGrant(token),
    (found) => (found?.planChangeDue ? found.userId : null),
    () => findAccessGrant(token),
  );
  if (!grant)
    throw new ApiError("invalid_api_key", "Invalid, expired or revoked access token: refresh it, or connect again.");
  return {
    userId: grant.userId,
    plan: grant.plan,
    apiKeyId: null,
    via: "mcp-oauth" as const,
    oauthGrantId: grant.grantId,
  };
}
