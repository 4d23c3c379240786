import { cn } from "@/components/ui";
import { SHOWCASE_SHOTS, type ShowcaseShot } from "@/lib/showcase/shots";

/** Where a capture is served (made by this server on first request). */
function shotPath(shot: ShowcaseShot): string {
  return `/examples/shots/${shot.file}`;
}

function queryOf(shot: ShowcaseShot): string {
  return Object.entries(shot.query)
    .filter(([name]) => name !== "footerTemplate")
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
}

function Capture({ shot, className = "" }: { shot: ShowcaseShot; className?: string }) {
  return (
    <figure
      className={cn("min-w-0 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm", className)}
      data-testid="showcase-capture"
    >
      {/* eslint-disable-next-line @next/next/no-img-element -- a capture made by this server's screenshot engine */}
      <img src={shotPath(shot)} alt={shot.alt} loading="lazy" className="block w-full bg-slate-100" />
      <figcaption className="border-t border-slate-100 px-4 py-3 text-sm">
        <span className="font-medium text-slate-900">{shot.caption}</span>
        <code className="mt-1 block truncate font-mono text-xs text-slate-500">{queryOf(shot)}</code>
      </figcaption>
    </figure>
  );
}

const byFile = (file: string) => SHOWCASE_SHOTS.find((shot) => shot.file === file)!;

/**
 * Captures made by this very server from sample pages in the repo (issue #20 point 4): a desktop
 * and a phone view, a consent banner without and with blockCookies, an invoice as a PDF.
 */
export function ShowcaseCaptures() {
  const pdf = byFile("invoice.pdf");
  return (
    <section aria-labelledby="captures" className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
      <h2 id="captures" className="text-3xl font-bold tracking-tight text-slate-900">
        Real captures, made by this server
      </h2>
      <p className="mt-3 max-w-2xl text-lg text-slate-600">
        The store and invoice below are sample pages shipped with Glance. Each image is what its parameters give,
        rendered by Glance&apos;s own screenshot engine the first time someone looked.
      </p>
      <div className="mt-10 grid items-start gap-6 lg:grid-cols-[3fr_1fr]">
        <Capture shot={byFile("store-desktop.webp")} />
        <Capture shot={byFile("store-phone.webp")} className="mx-auto w-full max-w-[260px]" />
      </div>
      <div className="mt-6 grid gap-6 sm:grid-cols-2">
        <Capture shot={byFile("consent-shown.webp")} />
        <Capture shot={byFile("consent-blocked.webp")} />
      </div>
      <div className="mt-6 grid items-start gap-6 sm:grid-cols-[1fr_2fr]">
        <Capture shot={byFile("invoice-preview.webp")} />
        <div className="rounded-xl border border-slate-200 bg-slate-50 p-6">
          <h3 className="font-semibold text-slate-900">Invoices and reports to PDF</h3>
          <p className="mt-2 text-slate-600">
            POST the HTML with <code className="font-mono text-sm">format=pdf</code>: print CSS, page size and a running
            footer with page numbers, as in this sample.
          </p>
          <a
            href={shotPath(pdf)}
            className="mt-4 inline-block font-medium text-brand-700 hover:underline"
            data-testid="showcase-pdf"
          >
            Open the PDF made from it
          </a>
        </div>
      </div>
    </section>
  );
}
