/**
 * GitHub sign-in, offered when AUTH_GITHUB_ID and AUTH_GITHUB_SECRET are set. The OAuth and REST
 * base URLs are configurable (AUTH_GITHUB_BASE_URL, AUTH_GITHUB_API_URL) so end-to-end tests can
 * run the real flow against a local stub. Only a verified address becomes the account's e-mail.
 */
import "server-only";
import type { OAuthConfig } from "next-auth/providers";
import GitHub, { type GitHubEmail, type GitHubProfile } from "next-auth/providers/github";
import type { Env } from "@/lib/env";

function trimSlash(url: string): string {
  return url.replace(/\/+$/, "");
}

async function getJson<T>(url: string, accessToken: string): Promise<T> {
  const response = await fetch(url, {
    headers: { Authorization: `Bearer ${accessToken}`, Accept: "application/vnd.github+json", "User-Agent": "glance" },
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`GitHub API answered ${response.status}`);
  return (await response.json()) as T;
}

export function githubProvider(e: Env): OAuthConfig<GitHubProfile> {
  const oauthBase = trimSlash(e.AUTH_GITHUB_BASE_URL ?? "https://github.com");
  const apiBase = trimSlash(e.AUTH_GITHUB_API_URL ?? "https://api.github.com");
  return {
    ...GitHub({ clientId: e.AUTH_GITHUB_ID, clientSecret: e.AUTH_GITHUB_SECRET }),
    issuer: `${oauthBase}/login/oauth`,
    authorization: { url: `${oauthBase}/login/oauth/authorize`, params: { scope: "read:user user:email" } },
    token: `${oauthBase}/login/oauth/access_token`,
    userinfo: {
      url: `${apiBase}/user`,
      async request({ tokens }: { tokens: { access_token?: string } }) {
        const token = tokens.access_token;
        if (!token) throw new Error("GitHub returned no access token");
        const profile = await getJson<GitHubProfile>(`${apiBase}/user`, token);
        // The public profile e-mail is always a verified one; otherwise take the primary verified address.
        if (!profile.email) {
          const emails = await getJson<GitHubEmail[]>(`${apiBase}/user/emails`, token).catch(() => []);
          const verified = emails.filter((m) => m.verified);
          profile.email = (verified.find((m) => m.primary) ?? verified[0])?.email ?? null;
        }
        return profile;
      },
    },
    profile(profile) {
      return {
        id: String(profile.id),
        name: profile.name ?? profile.login,
        email: profile.email ? profile.email.trim().toLowerCase() : null,
        image: profile.avatar_url,
      };
    },
  };
}
