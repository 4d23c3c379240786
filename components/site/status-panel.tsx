import Link from "next/link";
import type { ReactNode } from "react";
import { buttonClasses } from "@/components/ui";

/**
 * The body of the site's 404 and error pages: a status line, what happened in plain words, and the
 * ways back. Free of hooks and server APIs, so the client error boundaries can use it too.
 */
function StatusPanel({
  status,
  title,
  children,
  actions,
}: {
  status: string;
  title: string;
  children: ReactNode;
  actions: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center sm:py-28" data-testid="status-panel">
      <p className="text-sm font-semibold text-brand-700">{status}</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      <div className="mt-4 text-lg leading-8 text-slate-600">{children}</div>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">{actions}</div>
    </div>
  );
}

/** Where a lost visitor most likely wanted to go. */
const DOCS_SUGGESTIONS = [
  { href: "/docs/getting-started", label: "Getting started" },
  { href: "/docs/screenshot", label: "Screenshot API" },
  { href: "/docs/og", label: "Open Graph API" },
  { href: "/docs/errors", label: "Errors" },
] as const;

export function NotFoundPanel({ inDocs = false }: { inDocs?: boolean }) {
  return (
    <StatusPanel
      status="404"
      title="Page not found"
      actions={
        <>
          <Link href={inDocs ? "/docs" : "/"} className={buttonClasses({ size: "lg" })}>
            {inDocs ? "Docs overview" : "Back to the home page"}
          </Link>
          <Link href={inDocs ? "/" : "/docs"} className={buttonClasses({ variant: "outline", size: "lg" })}>
            {inDocs ? "Home page" : "Read the docs"}
          </Link>
        </>
      }
    >
      <p>There is no page at this address{inDocs ? " in the docs" : ""}. It may have moved, or the link has a typo.</p>
      <nav aria-label="Popular docs pages" className="mt-6">
        <ul className="flex flex-wrap justify-center gap-x-5 gap-y-2 text-base">
          {DOCS_SUGGESTIONS.map((link) => (
            <li key={link.href}>
              <Link href={link.href} className="font-medium text-brand-700 hover:underline">
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </StatusPanel>
  );
}

/**
 * The body of both error boundaries: "Try again" first, then the way home, then any `more` ways
 * out. `fullLoad` makes the way home a plain link that loads the page afresh: the root boundary's,
 * where the client app may be what failed.
 */
export function ErrorPanel({
  retry,
  children,
  fullLoad = false,
  more,
}: {
  retry: () => void;
  children: ReactNode;
  fullLoad?: boolean;
  more?: ReactNode;
}) {
  const Home = fullLoad ? "a" : Link;
  return (
    <StatusPanel
      status="Error"
      title="Something went wrong"
      actions={
        <>
          <button type="button" onClick={() => retry()} className={buttonClasses({ size: "lg" })}>
            Try again
          </button>
          <Home href="/" className={buttonClasses({ variant: "outline", size: "lg" })}>
            Back to the home page
          </Home>
          {more}
        </>
      }
    >
      {children}
    </StatusPanel>
  );
}
