/**
 * The authorization server's endpoints for MCP clients (D25): dynamic client registration (RFC
 * 7591), the user's decision on the consent page (session cookie, same origin only), and the token
 * endpoint (authorization code with PKCE S256, refresh with rotation and reuse detection). OAuth
 * errors are OAuth's own JSON (`error`, `error_description`), as clients expect them; every answer
 * is no-store.
 */
import "server-only";
import { createHash } from "node:crypto";
import { keylessRoute } from "@/lib/api/keyless";
import { isStorableText, UNSTORABLE_TEXT } from "@/lib/vocabulary/stored-text";
import { sessionCookieName } from "@/lib/auth/constants";
import { isSameOriginRequest } from "@/lib/auth/origin";
import { cookieValue } from "@/lib/api/session-caller";
import { findSessionUser } from "@/lib/auth/session";
import { log } from "@/lib/log";
import { AUTHORIZE_FIELDS, checkAuthorizeRequest, connectableWorkspace, decide } from "./authorize";
import { CORS } from "./metadata";
import { redirectUriProblem } from "./redirect-uris";
import { consumeCode, insertClient, insertGrant, revokeGrantOfSpentCode, rotateGrant } from "@/lib/keys/oauth-grants";

const NO_STORE = { "Cache-Control": "no-store", ...CORS };

function oauthError(error: string, description: string, status = 400): Response {
  return Response.json({ error, error_description: description }, { status, headers: NO_STORE });
}

const MAX_REDIRECT_URIS = 10;

export const registerClient = keylessRoute(async (request: Request): Promise<Response> => {
  let body: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(await request.text());
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new Error("not an object");
    body = parsed as Record<string, unknown>;
  } catch {
    return oauthError("invalid_client_metadata", "The body must be one JSON object of client metadata.");
  }
  // Stored as sent: a NUL or lone surrogate is the client's error, not a failed insert (D1).
  const stored = [body.client_name, ...(Array.isArray(body.redirect_uris) ? body.redirect_uris : [])];
  if (stored.some((value) => typeof value === "string" && !isStorableText(value)))
    return oauthError("invalid_client_metadata", `client_name and redirect_uris ${UNSTORABLE_TEXT}.`);
  const uris = body.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0 || uris.length > MAX_REDIRECT_URIS)
    return oauthError("invalid_redirect_uri", `redirect_uris must list 1 to ${MAX_REDIRECT_URIS} URLs.`);
  for (const uri of uris) {
    const problem = redirectUriProblem(uri);
    if (problem) return oauthError("invalid_redirect_uri", `${problem}.`);
  }
  const grants = body.grant_types;
  if (grants !== undefined && !(Array.isArray(grants) && grants.includes("authorization_code")))
    return oauthError("invalid_client_metadata", "grant_types must include authorization_code.");
  const name =
    typeof body.client_name === "string" && body.client_name.trim()
      ? body.client_name.trim().slice(0, 100)
      : "An MCP client";
  const client = await insertClient(name, uris as string[]);
  // Public clients only: whatever method was asked for, the answer says none (RFC 7591 §3.2.1).
  return Response.json(
    {
      client_id: client.id,
      client_id_issued_at: Math.floor(client.createdAt.getTime() / 1000),
      client_name: client.name,
      redirect_uris: client.redirectUris,
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    },
    { status: 201, headers: NO_STORE },
  );
});

/** POST from the consent page: the signed-in user's allow or deny, answered with a redirect (303). */
export async function authorizeDecision(request: Request): Promise<Response> {
  const form = new URLSearchParams(await request.text());
  // The workspace and the request's fields are looked up in the database: a NUL is refused first (D1).
  if ([...form.values()].some((value) => !isStorableText(value)))
    return oauthError("invalid_request", `The form's fields ${UNSTORABLE_TEXT}.`);
  const params = new URLSearchParams();
  for (const name of AUTHORIZE_FIELDS) {
    const value = form.get(name);
    if (value !== null) params.set(name, value);
  }
  const page = `/oauth/authorize?${params}`;
  const see = (location: string) =>
    new Response(null, { status: 303, headers: { Location: location, "Cache-Control": "no-store" } });
  // Another site cannot submit the form for a signed-in user (CSRF), nor can anyone without a session.
  if (!isSameOriginRequest(request.headers))
    return oauthError("invalid_request", "This form must be sent from Glance's own page.", 403);
  const user = await findSessionUser(cookieValue(request.headers.get("cookie"), sessionCookieName()));
  if (!user) return see(`/signin?callbackUrl=${encodeURIComponent(page)}`);
  const check = await checkAuthorizeRequest(params);
  // The page showed these faults and offered no form: a post that has one was not made by it.
  if (check.kind === "refused") return oauthError("invalid_request", check.message);
  if (check.kind === "failed") return oauthError(check.error, check.message);
  const allow = form.get("decision") === "allow";
  // The workspace the token acts for (D28): one the person may make keys in, like a key would be.
  const workspace = allow ? await connectableWorkspace(user.id, form.get("workspace") ?? user.id) : null;
  if (allow && !workspace)
    return oauthError(
      "access_denied",
      "You cannot connect applications to that workspace (ask an owner or admin).",
      403,
    );
  return see(await decide(check, workspace?.id ?? user.id, user.id, allow));
}

const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

export const token = keylessRoute(async (request: Request): Promise<Response> => {
  const type = request.headers.get("content-type")?.split(";")[0].trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded")
    return oauthError("invalid_request", "The token request must be application/x-www-form-urlencoded.");
  const form = new URLSearchParams(await request.text());
  const clientId = form.get("client_id") ?? "";
  if (!clientId) return oauthError("invalid_client", "client_id is required (public clients).", 401);
  if (!isStorableText(clientId)) return oauthError("invalid_client", `client_id ${UNSTORABLE_TEXT}.`, 401);
  const grantType = form.get("grant_type");
  if (grantType === "authorization_code") {
    const verifier = form.get("code_verifier") ?? "";
    if (!VERIFIER.test(verifier)) return oauthError("invalid_request", "code_verifier (PKCE) is required.");
    const presented = form.get("code") ?? "";
    const code = await consumeCode(presented);
    if (!code) {
      const revoked = await revokeGrantOfSpentCode(presented);
      if (!revoked) return oauthError("invalid_grant", "The code is unknown, used or expired.");
      log.warn("oauth code replayed: grant revoked", { grantId: revoked, clientId: clientId.slice(0, 64) });
      return oauthError(
        "invalid_grant",
        "This code was already exchanged, so it may have been stolen: the connection made with it is revoked. Connect again.",
      );
    }
    if (code.clientId !== clientId) return oauthError("invalid_grant", "The code is unknown, used or expired.");
    // RFC 6749 §4.1.3: named in the authorization request, it must be named here too, identical.
    const redirectUri = form.get("redirect_uri");
    if (redirectUri === null && code.redirectUriSent)
      return oauthError("invalid_grant", "redirect_uri is required: the authorization request named one.");
    if (redirectUri !== null && redirectUri !== code.redirectUri)
      return oauthError("invalid_grant", "redirect_uri differs from the authorization request's.");
    const challenge = createHash("sha256").update(verifier).digest("base64url");
    if (challenge !== code.codeChallenge)
      return oauthError("invalid_grant", "The code_verifier does not match the code_challenge.");
    return Response.json(await insertGrant(clientId, code.userId, code.approvedBy, presented), { headers: NO_STORE });
  }
  if (grantType === "refresh_token") {
    const rotation = await rotateGrant(clientId, form.get("refresh_token") ?? "");
    if (rotation.kind === "issued") return Response.json(rotation.tokens, { headers: NO_STORE });
    if (rotation.kind === "reused") {
      log.warn("oauth refresh token reused: grant revoked", {
        grantId: rotation.grantId,
        clientId: clientId.slice(0, 64),
      });
      return oauthError(
        "invalid_grant",
        "This refresh token was already used, so it may have been stolen: the connection is revoked. Connect again.",
      );
    }
    return oauthError("invalid_grant", "The refresh token is unknown, revoked or expired.");
  }
  return oauthError("unsupported_grant_type", "grant_type must be authorization_code or refresh_token.");
});
