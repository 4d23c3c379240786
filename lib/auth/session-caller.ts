/**
 * Authenticator for browser calls made with the session cookie instead of an API key (the docs
 * playground, D13). The signed-in user spends their own quota, so the request must come from our
 * own pages: a request from another site (CSRF) is treated like one without a key.
 */
import "server-only";
import { AUTH_MESSAGES, type Authenticator } from "@/lib/api/auth";
import { ApiError } from "@/lib/api/errors";
import { sessionCookieName } from "@/lib/auth/constants";
import { isSameOriginRequest } from "@/lib/auth/origin";
import { findSessionUser } from "@/lib/auth/session";

export function cookieValue(cookieHeader: string | null, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export const authenticateSession: Authenticator = async (request) => {
  if (!isSameOriginRequest(request.headers)) throw new ApiError("missing_api_key", AUTH_MESSAGES.missing);
  const user = await findSessionUser(cookieValue(request.headers.get("cookie"), sessionCookieName()));
  if (!user) throw new ApiError("missing_api_key", AUTH_MESSAGES.missing);
  return { userId: user.id, plan: user.plan, apiKeyId: null };
};
