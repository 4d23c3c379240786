/**
 * Where MCP clients discover how to get a token (D25): the protected resource's metadata (RFC
 * 9728) names this app as its authorization server, whose metadata (RFC 8414) names the
 * endpoints. Public clients only — PKCE with S256, no client secret — registered dynamically
 * (RFC 7591).
 */
import "server-only";
import { isAppHost } from "@/lib/api/app-host";
import { env } from "@/lib/env";

export const oauthUrls = () => {
  const base = env().APP_URL;
  return {
    issuer: base,
    resource: `${base}/mcp`,
    resourceMetadata: `${base}/.well-known/oauth-protected-resource/mcp`,
    authorize: `${base}/oauth/authorize`,
    token: `${base}/oauth/token`,
    register: `${base}/oauth/register`,
  };
};

export function protectedResourceMetadata() {
  const urls = oauthUrls();
  return {
    resource: urls.resource,
    authorization_servers: [urls.issuer],
    bearer_methods_supported: ["header"],
    resource_name: "Glance",
    resource_documentation: `${urls.issuer}/docs/mcp`,
  };
}

export function authorizationServerMetadata() {
  const urls = oauthUrls();
  return {
    issuer: urls.issuer,
    authorization_endpoint: urls.authorize,
    token_endpoint: urls.token,
    registration_endpoint: urls.register,
    response_types_supported: ["code"],
    grant_types_supported: ["authorization_code", "refresh_token"],
    token_endpoint_auth_methods_supported: ["none"],
    code_challenge_methods_supported: ["S256"],
    authorization_response_iss_parameter_supported: true,
    service_documentation: `${urls.issuer}/docs/mcp`,
  };
}

/** Metadata and the token and registration endpoints are read by browser-based clients too: no cookies, any origin. */
export const CORS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
  "Access-Control-Allow-Headers": "Content-Type, Authorization, MCP-Protocol-Version",
} as const;

/**
 * The metadata, or — asked on another host name than APP_URL's — an OAuth error naming the URL to
 * use (#51): metadata there would name a resource the client connected under another name and
 * refuses to match.
 */
export function metadataResponse(body: unknown, request?: Request): Response {
  if (request && !isAppHost(request.headers)) {
    const description = `This server's OAuth metadata and its MCP address belong to ${env().APP_URL} (its APP_URL): connect your MCP client to ${oauthUrls().resource}.`;
    return Response.json(
      { error: "invalid_request", error_description: description },
      { status: 421, headers: { ...CORS, "Cache-Control": "no-store" } },
    );
  }
  return Response.json(body, { headers: { ...CORS, "Cache-Control": "public, max-age=3600" } });
}

export function preflight(): Response {
  return new Response(null, { status: 204, headers: CORS });
}
