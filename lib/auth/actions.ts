"use server";
/**
 * Sign-in and sign-out server actions. Each checks the request's origin (CSRF, on top of Next.js's
 * own check) and goes through runAuthAction, which pins Auth.js to APP_URL.
 */
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "zod";
import { env } from "@/lib/env";
import { runAuthAction } from "@/lib/auth/flow";
import { safeReturnPath } from "@/lib/auth/local-url";
import { emailSignInEnabled, MailDeliveryError } from "@/lib/auth/mailer";
import { isSameOriginRequest } from "@/lib/auth/origin";
import { signInEmailAllowed } from "@/lib/auth/throttle";
import { log } from "@/lib/log";

export interface SignInFormState {
  error?: string;
  email?: string;
}

const emailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email());

async function checkOrigin(): Promise<boolean> {
  return isSameOriginRequest(await headers());
}

function absoluteReturn(formData: FormData): string {
  return `${env().APP_URL}${safeReturnPath(formData.get("callbackUrl"))}`;
}

export async function signInWithEmail(_prev: SignInFormState, formData: FormData): Promise<SignInFormState> {
  const raw = String(formData.get("email") ?? "");
  if (!(await checkOrigin())) return { error: "This form must be sent from the Glance sign-in page.", email: raw };
  if (!emailSignInEnabled()) return { error: "E-mail sign-in is not configured on this server.", email: raw };
  const parsed = emailSchema.safeParse(raw);
  if (!parsed.success) return { error: "Enter a valid e-mail address, like you@example.com.", email: raw };
  const email = parsed.data;
  if (!(await signInEmailAllowed(email))) {
    return {
      error:
        "We have sent several links to this address in the last minutes. Use one of those, or try again in 10 minutes.",
      email,
    };
  }
  let result;
  try {
    result = await runAuthAction("signin/email", { email, callbackUrl: absoluteReturn(formData) });
  } catch (error) {
    if (!(error instanceof MailDeliveryError)) log.error("e-mail sign-in failed", { error });
    return { error: "We could not send the e-mail. Please try again in a moment.", email };
  }
  if (!result.ok) {
    return {
      error:
        result.error === "AccessDenied"
          ? "This address cannot sign in."
          : "We could not send the e-mail. Please try again in a moment.",
      email,
    };
  }
  redirect(`/signin/check-email?email=${encodeURIComponent(email)}`);
}

export async function signInWithGitHub(formData: FormData): Promise<void> {
  if (!(await checkOrigin()) || !env().githubEnabled) redirect("/signin?error=Configuration");
  let target: string;
  try {
    const result = await runAuthAction("signin/github", { callbackUrl: absoluteReturn(formData) });
    target = result.ok ? result.redirect : `/signin?error=${encodeURIComponent(result.error)}`;
  } catch (error) {
    log.error("GitHub sign-in could not start", { error });
    target = "/signin?error=Default";
  }
  redirect(target);
}

export async function signOut(): Promise<void> {
  if (await checkOrigin()) {
    const result = await runAuthAction("signout", { callbackUrl: `${env().APP_URL}/` });
    if (!result.ok) log.warn("sign-out failed", { error: result.error });
  }
  redirect("/");
}
