import { cn } from "@/components/ui";
import type { Metadata } from "next";
import Link from "next/link";
import { cardClass, linkClass } from "@/components/dashboard/styles";
import { SIGN_IN_LINK_MAX_AGE_SECONDS } from "@/lib/auth/constants";
import { env } from "@/lib/env";

export const metadata: Metadata = { title: "Check your e-mail" };

export default async function CheckEmailPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const raw = (await searchParams).email;
  const email = typeof raw === "string" && raw.length <= 254 ? raw : undefined;
  return (
    <div className={cn(cardClass, "w-full max-w-md p-6 text-center sm:p-8")}>
      <div
        aria-hidden="true"
        className="mx-auto grid size-12 place-items-center rounded-full bg-brand-50 text-brand-600"
      >
        <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="1.8">
          <path d="M3 7.5 12 13l9-5.5M4.5 5h15A1.5 1.5 0 0 1 21 6.5v11a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 17.5v-11A1.5 1.5 0 0 1 4.5 5Z" />
        </svg>
      </div>
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">Check your e-mail</h1>
      <p className="mt-2 text-sm text-slate-600">
        We sent a sign-in link to{" "}
        {email ? <strong className="font-semibold text-slate-900">{email}</strong> : "your address"}. It works once and
        expires in {Math.round(SIGN_IN_LINK_MAX_AGE_SECONDS / 60)} minutes.
      </p>
      {env().devInboxEnabled && (
        <p className="mt-4 rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-700">
          Running locally without a mail server: open the{" "}
          <a href="/dev/inbox" className={linkClass}>
            local inbox
          </a>{" "}
          or look in the server log.
        </p>
      )}
      <p className="mt-6 text-sm text-slate-600">
        Wrong address or no e-mail?{" "}
        <Link href="/signin" className={linkClass}>
          Start again
        </Link>
      </p>
    </div>
  );
}
