"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/components/ui";
import { DOCS_NAV, DOCS_PAGES } from "@/components/site/links";

function Links({ pathname }: { pathname: string }) {
  return (
    <div className="space-y-6">
      {DOCS_NAV.map((section) => (
        <div key={section.title}>
          <h2 className="px-3 text-xs font-semibold uppercase tracking-wide text-slate-500">{section.title}</h2>
          <ul className="mt-2 space-y-0.5">
            {section.items.map((item) => (
              <li key={item.href}>
                <Link
                  href={item.href}
                  aria-current={pathname === item.href ? "page" : undefined}
                  className={cn(
                    "block rounded-md px-3 py-1.5 text-sm text-slate-600 hover:bg-slate-100 hover:text-slate-900",
                    "aria-[current=page]:bg-brand-50 aria-[current=page]:font-medium aria-[current=page]:text-brand-700",
                  )}
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
      <div>
        <h2 className="px-3 text-xs font-semibold uppercase tracking-wide text-slate-500">Machine-readable</h2>
        <a
          href="/v1/openapi.json"
          className="mt-2 block rounded-md px-3 py-1.5 text-sm text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        >
          OpenAPI 3.1 (JSON)
        </a>
      </div>
    </div>
  );
}

/** Sidebar on large screens; a disclosure with the current page's name on small ones. */
export function DocsSidebar() {
  const pathname = usePathname();
  const current = DOCS_PAGES.find((p) => p.href === pathname)?.label ?? "Docs";
  return (
    <>
      <nav
        aria-label="Docs"
        className="sticky top-16 hidden h-[calc(100vh-4rem)] w-60 shrink-0 overflow-y-auto py-8 pr-4 lg:block"
      >
        <Links pathname={pathname} />
      </nav>
      <details key={pathname} className="group border-b border-slate-200 py-3 lg:hidden">
        <summary className="flex cursor-pointer list-none items-center justify-between rounded-md px-1 text-sm font-medium text-slate-900 [&::-webkit-details-marker]:hidden">
          <span>
            <span className="text-slate-500">Docs / </span>
            {current}
          </span>
          <svg
            aria-hidden
            viewBox="0 0 20 20"
            fill="currentColor"
            className="size-4 text-slate-500 transition-transform group-open:rotate-180"
          >
            <path
              fillRule="evenodd"
              d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06Z"
              clipRule="evenodd"
            />
          </svg>
        </summary>
        <nav aria-label="Docs" className="pt-4">
          <Links pathname={pathname} />
        </nav>
      </details>
    </>
  );
}
