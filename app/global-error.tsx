"use client";

import "./globals.css";
import { ErrorPanel } from "@/components/site/status-panel";
import { buttonClasses } from "@/components/ui";

/**
 * An error in the root layout itself, where nothing of the site may have rendered: its own document,
 * styles imported here (the root layout's are not loaded), and plain links rather than the header,
 * whose parts may be what failed.
 */
export default function GlobalError({ retry }: { error: unknown; retry: () => void }) {
  return (
    <html lang="en">
      <body className="min-h-screen bg-white font-sans text-slate-900 antialiased">
        <title>Something went wrong · Glance</title>
        <main id="main">
          <ErrorPanel
            retry={retry}
            ways={
              // eslint-disable-next-line @next/next/no-html-link-for-pages -- a full load: the client app is what failed
              <a href="/" className={buttonClasses({ variant: "outline", size: "lg" })}>
                Back to the home page
              </a>
            }
          >
            <p>Glance could not show this page. Trying again usually helps.</p>
          </ErrorPanel>
        </main>
      </body>
    </html>
  );
}
