import { cn, buttonClasses } from "@/components/ui";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cardClass } from "@/components/dashboard/styles";
import { listDevInbox } from "@/lib/auth/dev-inbox";
import { env } from "@/lib/env";

export const metadata: Metadata = { title: "Local inbox", robots: { index: false } };
export const dynamic = "force-dynamic";

/**
 * D12: exists only while EMAIL_SERVER is unset and APP_URL is a localhost URL; anywhere else it is
 * a 404, so a public deployment can never show sign-in links.
 */
export default async function DevInboxPage() {
  if (!env().devInboxEnabled) notFound();
  const messages = await listDevInbox();
  return (
    <div className="w-full max-w-2xl">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Local inbox</h1>
      <p className="mt-2 text-sm text-slate-600">
        No mail server is configured (EMAIL_SERVER is unset), so sign-in e-mails land here and in the server log. This
        page exists only while the app runs on a localhost URL.
      </p>
      {messages.length === 0 ? (
        <div className={cn(cardClass, "mt-6 p-8 text-center text-sm text-slate-600")}>
          No sign-in e-mails yet. Request a link on the{" "}
          <a href="/signin" className="font-medium text-brand-600 hover:underline">
            sign-in page
          </a>
          ; reload this page afterwards.
        </div>
      ) : (
        <ul className="mt-6 space-y-4" aria-label="Sign-in e-mails, newest first">
          {messages.map((m) => (
            <li key={m.id} className={cn(cardClass, "p-5")}>
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-semibold text-slate-900">{m.subject}</p>
                <time dateTime={m.createdAt} className="text-xs text-slate-500">
                  {new Date(m.createdAt).toLocaleString("en-GB", {
                    timeZone: "UTC",
                    dateStyle: "medium",
                    timeStyle: "short",
                  })}{" "}
                  UTC
                </time>
              </div>
              <p className="mt-1 text-sm text-slate-600">To: {m.to}</p>
              <a href={m.url} className={buttonClasses({ variant: "primary" }, "mt-4")}>
                {m.action ?? `Sign in as ${m.to}`}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
