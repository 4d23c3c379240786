/**
 * Auth.js (next-auth v5) configuration, built from env() rather than from Auth.js's own reads of
 * process.env: the secret, the providers and the cookie security are all explicit here.
 *
 * URLs: every URL Auth.js puts into a sign-in e-mail or an OAuth redirect_uri is derived from the
 * URL of the request it handles. The route handler and the sign-in actions (lib/auth/flow.ts) only
 * ever hand it requests addressed to APP_URL, never the incoming Host header, so a forged Host
 * can't make us mail a victim a sign-in link pointing at another site. Because of that pinning,
 * `trustHost: true` is safe everywhere (it only silences Auth.js's "which host am I?" guard, which
 * would otherwise reject every request in production).
 */
import "server-only";
import NextAuth, { type NextAuthConfig } from "next-auth";
import type { EmailConfig } from "next-auth/providers";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { glanceAdapter } from "@/lib/auth/adapter";
import {
  AUTH_BASE_PATH,
  SESSION_MAX_AGE_SECONDS,
  SIGN_IN_LINK_MAX_AGE_SECONDS,
  secureCookies,
  sessionCookieName,
} from "@/lib/auth/constants";
import { githubProvider } from "@/lib/auth/github";
import { deliverSignInLink, emailSignInEnabled } from "@/lib/auth/mailer";
import { authSecret } from "@/lib/auth/secret";
import { log } from "@/lib/log";

function emailProvider(): EmailConfig {
  return {
    id: "email",
    type: "email",
    name: "Email",
    maxAge: SIGN_IN_LINK_MAX_AGE_SECONDS,
    sendVerificationRequest: ({ identifier, url, expires }) => deliverSignInLink(identifier, url, expires),
    options: {},
  };
}

async function buildConfig(): Promise<NextAuthConfig> {
  const e = env();
  const appOrigin = new URL(e.APP_URL).origin;
  if (e.AUTH_URL && new URL(e.AUTH_URL).origin !== appOrigin) {
    throw new Error("AUTH_URL and APP_URL name different origins; set only APP_URL");
  }
  const [db, secret] = await Promise.all([getDb(), authSecret()]);
  const providers: NextAuthConfig["providers"] = [];
  if (emailSignInEnabled()) providers.push(emailProvider());
  if (e.githubEnabled) providers.push(githubProvider(e));

  return {
    basePath: AUTH_BASE_PATH,
    secret,
    trustHost: true,
    useSecureCookies: secureCookies(),
    cookies: { sessionToken: { name: sessionCookieName() } },
    adapter: glanceAdapter(db),
    session: { strategy: "database", maxAge: SESSION_MAX_AGE_SECONDS, updateAge: 24 * 60 * 60 },
    providers,
    pages: { signIn: "/signin", error: "/signin", verifyRequest: "/signin/check-email" },
    events: {
      createUser: ({ user }) => log.info("account created", { userId: user.id }),
      signIn: ({ user, account }) => log.info("signed in", { userId: user.id, provider: account?.provider }),
      signOut: (message) =>
        log.info("signed out", { userId: "session" in message ? message.session?.userId : undefined }),
    },
    // Auth.js logs through our redacting logger; an error's cause is left out (it can quote request data).
    logger: {
      error: (error) =>
        log.warn("auth error", { name: error.name, type: (error as { type?: string }).type, message: error.message }),
      warn: (code) => log.warn("auth warning", { code }),
      debug: () => {},
    },
  };
}

let config: Promise<NextAuthConfig> | undefined;

/** The configuration of this process (built once; a failure is retried on the next call). */
export function authConfig(): Promise<NextAuthConfig> {
  config ??= buildConfig().catch((error) => {
    config = undefined;
    throw error;
  });
  return config;
}

// Lazy form: NextAuth calls this per use, after the database and the secret are ready. A fresh
// object each time, because next-auth fills defaults into the object it is given.
export const { handlers } = NextAuth(async () => ({ ...(await authConfig()) }));
