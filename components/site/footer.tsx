import Link from "next/link";
import { FOOTER_COLUMNS, OPENAPI_HREF } from "./links";
import { Logo } from "./logo";

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.5fr_repeat(3,1fr)] lg:px-8">
        <div className="space-y-3">
          <Logo />
          <p className="max-w-xs text-sm text-slate-600">
            Screenshots, PDFs and Open Graph images from one GET request.
          </p>
        </div>
        {FOOTER_COLUMNS.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-sm font-semibold text-slate-900">{column.title}</h2>
            <ul className="mt-3 space-y-2">
              {column.links.map((link) => (
                <li key={link.href + link.label}>
                  {link.href === OPENAPI_HREF ? (
                    <a href={link.href} className="text-sm text-slate-600 hover:text-slate-900">
                      {link.label}
                    </a>
                  ) : (
                    <Link href={link.href} className="text-sm text-slate-600 hover:text-slate-900">
                      {link.label}
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-slate-200">
        <p className="mx-auto max-w-7xl px-4 py-6 text-xs text-slate-500 sm:px-6 lg:px-8">
          © {new Date().getFullYear()} Glance. Built for developers who need pixels, not browsers.
        </p>
      </div>
    </footer>
  );
}
