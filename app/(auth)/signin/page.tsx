import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { cardClass, linkClass } from "@/components/dashboard/styles";
import { Alert, cn } from "@/components/ui";
import { SubmitButton } from "@/components/dashboard/submit-button";
import { signInWithGitHub } from "@/lib/auth/actions";
import { safeReturnPath } from "@/lib/auth/local-url";
import { emailSignInEnabled } from "@/lib/auth/mailer";
import { getCurrentUser } from "@/lib/auth/session";
import { env } from "@/lib/env";
import { signInErrorMessage } from "./errors";
import { EmailSignInForm } from "./email-form";

export const metadata: Metadata = { title: "Sign in" };

type Search = Promise<Record<string, string | string[] | undefined>>;

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** The address an invitation link names (`?email=`), filled in for the person; anything else is ignored. */
function prefilledEmail(value: string | undefined): string | undefined {
  return value && value.length <= 254 && /^[^\s@]+@[^\s@]+$/.test(value) ? value : undefined;
}

export default async function SignInPage({ searchParams }: { searchParams: Search }) {
  const params = await searchParams;
  const callbackUrl = safeReturnPath(first(params.callbackUrl));
  if (await getCurrentUser()) redirect(callbackUrl);

  const e = env();
  const error = signInErrorMessage(first(params.error));
  const email = emailSignInEnabled();
  const github = e.githubEnabled;

  return (
    <div className={cn(cardClass, "w-full max-w-md p-6 sm:p-8")}>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Sign in to Glance</h1>
      <p className="mt-2 text-sm text-slate-600">New here? Signing in creates your account on the Free plan.</p>

      {first(params.deleted) === "1" && (
        <Alert tone="info" className="mt-6">
          Your account was deleted, with its keys and data. Signing in again creates a new, empty account.
        </Alert>
      )}

      {error && (
        <Alert tone="danger" className="mt-6">
          {error}
        </Alert>
      )}

      <div className="mt-6 space-y-6">
        {github && (
          <form action={signInWithGitHub}>
            <input type="hidden" name="callbackUrl" value={callbackUrl} />
            <SubmitButton variant="outline" className="w-full" pendingLabel="Redirecting to GitHub…">
              <GitHubMark />
              Continue with GitHub
            </SubmitButton>
          </form>
        )}

        {github && email && (
          <div className="flex items-center gap-3 text-xs uppercase tracking-wide text-slate-500" aria-hidden="true">
            <span className="h-px flex-1 bg-slate-200" />
            or
            <span className="h-px flex-1 bg-slate-200" />
          </div>
        )}

        {email && <EmailSignInForm callbackUrl={callbackUrl} email={prefilledEmail(first(params.email))} />}

        {!email && !github && (
          <Alert tone="warning" title="Sign-in is not configured">
            Set EMAIL_SERVER for e-mail links, or AUTH_GITHUB_ID and AUTH_GITHUB_SECRET for GitHub. API keys can also be
            created with <code className="font-mono">npm run admin -- create-key</code>.
          </Alert>
        )}
      </div>

      {e.devInboxEnabled && (
        <p className="mt-6 border-t border-slate-100 pt-4 text-xs text-slate-500">
          Local mode: no mail server is configured, so sign-in links go to the server log and the{" "}
          <a href="/dev/inbox" className={linkClass}>
            local inbox
          </a>
          .
        </p>
      )}
    </div>
  );
}

function GitHubMark() {
  return (
    <svg viewBox="0 0 16 16" className="size-4" aria-hidden="true" fill="currentColor">
      <path d="M8 0C3.58 0 0 3.58 0 8c0 3.54 2.29 6.53 5.47 7.59.4.07.55-.17.55-.38 0-.19-.01-.82-.01-1.49-2.01.37-2.53-.49-2.69-.94-.09-.23-.48-.94-.82-1.13-.28-.15-.68-.52-.01-.53.63-.01 1.08.58 1.23.82.72 1.21 1.87.87 2.33.66.07-.52.28-.87.51-1.07-1.78-.2-3.64-.89-3.64-3.95 0-.87.31-1.59.82-2.15-.08-.2-.36-1.02.08-2.12 0 0 .67-.21 2.2.82.64-.18 1.32-.27 2-.27.68 0 1.36.09 2 .27 1.53-1.04 2.2-.82 2.2-.82.44 1.1.16 1.92.08 2.12.51.56.82 1.27.82 2.15 0 3.07-1.87 3.75-3.65 3.95.29.25.54.73.54 1.48 0 1.07-.01 1.93-.01 2.2 0 .21.15.46.55.38A8.013 8.013 0 0 0 16 8c0-4.42-3.58-8-8-8Z" />
    </svg>
  );
}
