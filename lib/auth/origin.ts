/**
 * Same-origin test for state-changing or quota-spending requests made with the session cookie
 * (CSRF). A browser always sends Origin on a cross-origin request and on every POST, and sends
 * Sec-Fetch-Site on everything; a request from another site therefore fails one of the two.
 */
import { env } from "@/lib/env";

function appOrigin(): string {
  return new URL(env().APP_URL).origin;
}

export function isSameOriginRequest(headers: Headers): boolean {
  const origin = headers.get("origin");
  if (origin !== null) return origin === appOrigin();
  return headers.get("sec-fetch-site") === "same-origin";
}
