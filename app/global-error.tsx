"use client";

import "./globals.css";
import { ErrorPanel } from "@/components/site/status-panel";

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
          {/* A full load on the way home: the client app is what failed. */}
          <ErrorPanel retry={retry} fullLoad>
            <p>Glance could not show this page. Trying again usually helps.</p>
          </ErrorPanel>
        </main>
      </body>
    </html>
  );
}
