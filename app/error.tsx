"use client";

import Link from "next/link";
import { SiteFooter } from "@/components/site/footer";
import { SiteHeader } from "@/components/site/header";
import { ErrorPanel } from "@/components/site/status-panel";
import { buttonClasses } from "@/components/ui";

/**
 * An unexpected error in a page of the public site or docs. It replaces the route group's layout,
 * so it brings the site's header and footer. The digest (never the message: in production it is a
 * generic one) lets support find the server's log line.
 */
export default function SiteError({ error, retry }: { error: unknown; retry: () => void }) {
  const digest =
    error instanceof Error && "digest" in error && typeof error.digest === "string" ? error.digest : undefined;
  return (
    <>
      <SiteHeader />
      <main id="main">
        <ErrorPanel
          retry={retry}
          more={
            <Link href="/docs" className={buttonClasses({ variant: "ghost", size: "lg" })}>
              Docs
            </Link>
          }
        >
          <p>This page failed on our side, not yours. Trying again usually helps.</p>
          {digest && (
            <p className="mt-2 text-sm text-slate-500">
              If it keeps happening, contact support and mention error <code className="font-mono">{digest}</code>.
            </p>
          )}
        </ErrorPanel>
      </main>
      <SiteFooter />
    </>
  );
}
