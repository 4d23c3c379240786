"use server";
/**
 * Sign-in and sign-out server actions, written with `dashboardAction` for a signed-out visitor
 * (`signedIn: false`: the origin is still checked, CSRF on top of Next.js's own check). Each goes
 * through runAuthAction, which pins Auth.js to APP_URL.
 */
import { redirect } from "next/navigation";
import { z } from "zod";
import { env } from "@/lib/env";
import { runAuthAction } from "@/lib/auth/flow";
import { dashboardAction, dashboardFormAction, text, type FormFields } from "@/lib/auth/dashboard-action";
import { safeReturnPath } from "@/lib/auth/local-url";
import { emailSignInEnabled, MailDeliveryError } from "@/lib/auth/mailer";
import { signInEmailAllowed } from "@/lib/auth/throttle";
import { log } from "@/lib/log";

export interface SignInFormState {
  error?: string;
  email?: string;
}

const emailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email());

/** Where Auth.js sends the visitor back: a path of ours (`callbackUrl`, checked), made absolute. */
const returnTo = text().transform((path) => `${env().APP_URL}${safeReturnPath(path)}`);
const typedEmail = (form: FormFields) => text().parse(form.email);

export const signInWithEmail = dashboardAction(
  {
    signedIn: false,
    audit: { none: "a sign-in acts for no workspace yet" },
    input: z.object({ email: text(), callbackUrl: returnTo }),
    refused: (_refusal, form): SignInFormState => ({
      error: "This form must be sent from the Glance sign-in page.",
      email: typedEmail(form),
    }),
  },
  async ({ input: { email: raw, callbackUrl } }): Promise<SignInFormState> => {
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
      result = await runAuthAction("signin/email", { email, callbackUrl });
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
  },
);

export const signInWithGitHub = dashboardFormAction(
  {
    signedIn: false,
    audit: { none: "a sign-in acts for no workspace yet" },
    input: z.object({ callbackUrl: returnTo }),
    refused: () => redirect("/signin?error=Configuration"),
  },
  async ({ input: { callbackUrl } }) => {
    if (!env().githubEnabled) redirect("/signin?error=Configuration");
    let target: string;
    try {
      const result = await runAuthAction("signin/github", { callbackUrl });
      target = result.ok ? result.redirect : `/signin?error=${encodeURIComponent(result.error)}`;
    } catch (error) {
      log.error("GitHub sign-in could not start", { error });
      target = "/signin?error=Default";
    }
    redirect(target);
  },
);

/** A sign-out from another site is not done: the visitor lands on the home page either way. */
const signOutSpec = { signedIn: false, audit: { none: "ends the person's session; no workspace changes" } } as const;
export const signOut = dashboardFormAction({ ...signOutSpec, refused: () => redirect("/") }, async () => {
  const result = await runAuthAction("signout", { callbackUrl: `${env().APP_URL}/` });
  if (!result.ok) log.warn("sign-out failed", { error: result.error });
  redirect("/");
});
