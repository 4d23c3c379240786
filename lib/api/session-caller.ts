/**
 * Authenticator for browser calls made with the session cookie instead of an API key (the docs
 * playground, D13; the OG studio, D21). The caller is the signed-in person's current workspace
 * (D28): it spends that workspace's quota, and the person's role there must allow the call. The
 * request must come from our own pages: a request from another site (CSRF) is treated like one
 * without a key.
 */
import "server-only";
import { AUTH_MESSAGES, type Authenticator } from "@/lib/api/auth";
import { ApiError } from "@/lib/vocabulary/errors";
import { sessionCookieName } from "@/lib/auth/constants";
import { isSameOriginRequest } from "@/lib/auth/origin";
import { can, ROLE_LABELS, type Permission } from "@/lib/auth/roles";
import { findSessionUser } from "@/lib/auth/session";
import { resolveWorkspace, workspaceCookieName, type CurrentWorkspace } from "@/lib/auth/workspace";

export function cookieValue(cookieHeader: string | null, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The request's workspace, its membership read afresh; 401 without a session, 403 without the permission. */
export async function sessionWorkspace(request: Request, permission: Permission): Promise<CurrentWorkspace> {
  if (!isSameOriginRequest(request.headers)) throw new ApiError("missing_api_key", AUTH_MESSAGES.missing);
  const cookie = request.headers.get("cookie");
  const user = await findSessionUser(cookieValue(cookie, sessionCookieName()));
  const workspace = user ? await resolveWorkspace(user, cookieValue(cookie, workspaceCookieName())) : null;
  if (!workspace) throw new ApiError("missing_api_key", AUTH_MESSAGES.missing);
  // A page made for a workspace the person has since left must not spend or change their own.
  if (workspace.fellBack) throw new ApiError("role_forbidden", "You are no longer a member of that workspace.");
  if (!can(workspace.role, permission)) {
    throw new ApiError(
      "role_forbidden",
      `As ${ROLE_LABELS[workspace.role].toLowerCase()} of this workspace you cannot do this.`,
    );
  }
  return workspace;
}

function sessionAuthenticator(permission: Permission): Authenticator {
  return async (request) => {
    const workspace = await sessionWorkspace(request, permission);
    return { userId: workspace.id, plan: workspace.plan, apiKeyId: null };
  };
}

/** The playground's renders spend the workspace's quota: roles that may render. */
export const authenticateSession: Authenticator = sessionAuthenticator("render");
