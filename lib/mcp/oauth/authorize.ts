/**
 * The authorization request (D25, RFC 6749 §4.1 with PKCE): checked the same way by the consent
 * page and by the decision it posts. Nothing here redirects by itself. An unknown client or a
 * redirect_uri it did not register is shown to the user, with no way onwards. Any other fault is
 * shown on our page too, with a link the user may follow to give the error back to the client's
 * registered redirect_uri: anyone can register a client with any https redirect URI, so an
 * automatic redirect on error would make Glance an open redirector for phishing links that start
 * on our domain (RFC 9700 §4.11.2: redirect automatically only to a URI one trusts). The browser
 * is sent to a client only after the signed-in user pressed Allow or Deny on the consent page.
 */
import "server-only";
import { isStorableText, UNSTORABLE_TEXT } from "@/lib/vocabulary/stored-text";
import { can } from "@/lib/auth/roles";
import { membershipOf, workspacesOf, type WorkspaceChoice } from "@/lib/auth/workspace";
import { findClient, insertCode, type OAuthClient } from "@/lib/keys/oauth-grants";
import { oauthUrls } from "./metadata";
import { redirectUriProblem } from "./redirect-uris";

/** The request's parameters that travel from the page to the decision unchanged. */
export const AUTHORIZE_FIELDS = [
  "response_type",
  "client_id",
  "redirect_uri",
  "code_challenge",
  "code_challenge_method",
  "state",
  "resource",
  "scope",
] as const;

export type AuthorizeCheck =
  | {
      kind: "ok";
      client: OAuthClient;
      redirectUri: string;
      /** Whether the request named redirect_uri (then the token request must name it too). */
      redirectUriSent: boolean;
      codeChallenge: string;
      state?: string;
    }
  /** The client or its redirect URI is not valid: shown on our page, nothing links to the client. */
  | { kind: "refused"; message: string }
  /**
   * Any other fault: shown on our page; `location` gives the OAuth error back to the registered
   * redirect URI if the person follows the link.
   */
  | { kind: "failed"; error: string; message: string; client: OAuthClient; location: string };

/** The client's redirect_uri with these parameters (and `iss`, RFC 9207). */
function clientRedirect(redirectUri: string, params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
  url.searchParams.set("iss", oauthUrls().issuer);
  return url.toString();
}

const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

export async function checkAuthorizeRequest(params: URLSearchParams): Promise<AuthorizeCheck> {
  // The client is looked up by its id (and the rest travels to the decision): a NUL is refused before any query (D1).
  const unstorable = AUTHORIZE_FIELDS.find((name) => !isStorableText(params.get(name) ?? ""));
  if (unstorable) return { kind: "refused", message: `${unstorable} ${UNSTORABLE_TEXT}.` };
  const clientId = params.get("client_id") ?? "";
  const client = clientId ? await findClient(clientId) : undefined;
  if (!client)
    return { kind: "refused", message: "This application is not registered with Glance (unknown client_id)." };
  const asked = params.get("redirect_uri");
  const redirectUri = asked ?? (client.redirectUris.length === 1 ? client.redirectUris[0] : undefined);
  if (!redirectUri || !client.redirectUris.includes(redirectUri))
    return { kind: "refused", message: "The redirect_uri is not one this application registered." };
  // Registered under an earlier, looser rule: checked again, never used.
  if (redirectUriProblem(redirectUri))
    return { kind: "refused", message: "This application's redirect_uri is not allowed (register it again)." };
  const state = params.get("state") ?? undefined;
  const fail = (error: string, description: string): AuthorizeCheck => ({
    kind: "failed",
    error,
    message: description,
    client,
    location: clientRedirect(redirectUri, { error, error_description: description, state }),
  });
  if (params.get("response_type") !== "code")
    return fail("unsupported_response_type", "Only response_type=code is supported.");
  const codeChallenge = params.get("code_challenge") ?? "";
  if (params.get("code_challenge_method") !== "S256" || !CHALLENGE.test(codeChallenge))
    return fail("invalid_request", "PKCE is required: code_challenge (S256) and code_challenge_method=S256.");
  const resource = params.get("resource");
  if (resource !== null && resource.replace(/\/+$/, "") !== oauthUrls().resource)
    return fail("invalid_target", `The only resource is ${oauthUrls().resource}.`);
  return { kind: "ok", client, redirectUri, redirectUriSent: asked !== null, codeChallenge, state };
}

/**
 * A token acts for one workspace (D25, D28), chosen on the consent page among those where the
 * person's role may create API keys — a token is a key an application holds.
 */
export async function connectableWorkspaces(userId: string): Promise<WorkspaceChoice[]> {
  return (await workspacesOf(userId)).filter((w) => can(w.role, "keys.write"));
}

/** The chosen workspace, when the person may connect applications to it; else null. */
export async function connectableWorkspace(userId: string, workspaceId: string): Promise<WorkspaceChoice | null> {
  const membership = await membershipOf(userId, workspaceId);
  return membership && can(membership.role, "keys.write") ? membership : null;
}

/**
 * Where the user's answer sends the browser: a code for the client, or access_denied. The code
 * names the person who approved it (D28): their removal from the workspace disconnects the client.
 */
export async function decide(
  check: Extract<AuthorizeCheck, { kind: "ok" }>,
  workspaceId: string,
  approvedBy: string,
  allow: boolean,
) {
  if (!allow)
    return clientRedirect(check.redirectUri, {
      error: "access_denied",
      error_description: "The user declined.",
      state: check.state,
    });
  const code = await insertCode({
    clientId: check.client.id,
    userId: workspaceId,
    approvedBy,
    redirectUri: check.redirectUri,
    redirectUriSent: check.redirectUriSent,
    codeChallenge: check.codeChallenge,
  });
  return clientRedirect(check.redirectUri, { code, state: check.state });
}
