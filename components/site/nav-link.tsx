"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { navCurrent } from "./links";

/** A header link that marks itself as the current section. */
export function NavLink({ href, label }: { href: string; label: string }) {
  return (
    <Link
      href={href}
      // No pathname outside a routed page (an error boundary rendered on its own): nothing is current.
      aria-current={navCurrent(usePathname() ?? "", href)}
      className="rounded-md px-3 py-2 text-sm font-medium text-slate-600 transition-colors hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 [&[aria-current]]:bg-slate-100 [&[aria-current]]:text-slate-900"
    >
      {label}
    </Link>
  );
}
