"use client";

import { Alert, buttonClasses } from "@/components/ui";

export default function DashboardError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div className="mx-auto max-w-lg py-12">
      <Alert tone="danger" title="This page could not be loaded">
        <p>
          Something went wrong on our side. Try again; if it keeps happening, contact support
          {error.digest ? ` and mention error ${error.digest}` : ""}.
        </p>
      </Alert>
      <button type="button" onClick={reset} className={buttonClasses({ variant: "outline" }, "mt-4")}>
        Try again
      </button>
    </div>
  );
}
