"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { activeNavHref } from "./links";

/** A header link that marks itself as the current section. */
export function NavLink({ href, label }: { href: string; label: string }) {
  const current = activeNavHref(usePathname()) === href;
  return (
    <Link
      href={href}
      aria-current={current ? "page" : undefined}
      className="rounded-md px-3 py-2 text-sm font-medium text-slate-600 transition-colors hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 aria-[current=page]:text-slate-900"
    >
      {label}
    </Link>
  );
}
