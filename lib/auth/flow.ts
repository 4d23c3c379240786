/**
 * Runs an Auth.js action (sign in with a provider, sign out) from a server action. This is what
 * next-auth's own signIn()/signOut() helpers do, except that the request we hand Auth.js is
 * addressed to APP_URL instead of the incoming Host header: Auth.js builds the e-mail link and the
 * OAuth redirect_uri from that URL, so it must not be attacker-chosen (see lib/auth/config.ts).
 * Auth.js's CSRF token check is skipped because server actions are protected by Next.js's own
 * origin check, and our callers check the origin again (lib/auth/origin.ts).
 */
import "server-only";
import { Auth, raw, skipCSRFCheck } from "@auth/core";
import { AuthError } from "@auth/core/errors";
import { cookies, headers } from "next/headers";
import { env } from "@/lib/env";
import { authConfig } from "@/lib/auth/config";
import { AUTH_BASE_PATH } from "@/lib/auth/constants";

export type AuthFlowResult = { ok: true; redirect: string } | { ok: false; error: string };

export async function runAuthAction(
  action: "signin/email" | "signin/github" | "signout",
  form: Record<string, string>,
): Promise<AuthFlowResult> {
  const config = await authConfig();
  const incoming = await headers();
  const request = new Request(`${env().APP_URL}${AUTH_BASE_PATH}/${action}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: incoming.get("cookie") ?? "" },
    body: new URLSearchParams(form),
  });
  try {
    const response = await Auth(request, { ...config, raw, skipCSRFCheck });
    const jar = await cookies();
    for (const c of response.cookies ?? []) jar.set(c.name, c.value, c.options as Parameters<typeof jar.set>[2]);
    return { ok: true, redirect: response.redirect ?? `${env().APP_URL}/dashboard` };
  } catch (error) {
    if (error instanceof AuthError) return { ok: false, error: error.type };
    throw error;
  }
}
