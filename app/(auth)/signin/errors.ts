/** What the sign-in page says for each Auth.js error type it can be sent back with. */
const MESSAGES: Record<string, string> = {
  Verification: "That sign-in link has expired or was already used. Request a new one below.",
  OAuthAccountNotLinked:
    "An account with this e-mail address already exists. Sign in with an e-mail link to that address.",
  AccessDenied: "This account cannot sign in.",
  Configuration: "Sign-in is not set up correctly on this server. Please try again later.",
  OAuthSignInError: "GitHub sign-in could not start. Please try again.",
  OAuthCallbackError: "GitHub sign-in did not complete. Please try again.",
  CallbackRouteError: "Sign-in did not complete. Please try again.",
  MissingCSRF: "Your sign-in session expired. Please try again.",
};

export function signInErrorMessage(code: string | undefined): string | undefined {
  if (!code) return undefined;
  return MESSAGES[code] ?? "Sign-in did not complete. Please try again.";
}
