"use client";

import { cn } from "@/components/ui";
import Link from "next/link";
import { usePathname } from "next/navigation";

const LINKS = [
  { href: "/dashboard", label: "Overview" },
  { href: "/dashboard/keys", label: "API Keys" },
  { href: "/dashboard/usage", label: "Usage" },
  { href: "/dashboard/billing", label: "Billing" },
  { href: "/dashboard/templates", label: "OG Templates" },
  { href: "/dashboard/brand", label: "Brand kit" },
  { href: "/dashboard/monitors", label: "Monitors" },
  { href: "/dashboard/crawls", label: "Crawls" },
  { href: "/dashboard/webhooks", label: "Webhooks" },
  { href: "/dashboard/profiles", label: "Profiles" },
  { href: "/dashboard/storage", label: "Storage" },
  { href: "/dashboard/connectors", label: "Connectors" },
  { href: "/dashboard/team", label: "Team" },
  { href: "/dashboard/account", label: "Account" },
] as const;

function isActive(pathname: string, href: string): boolean {
  return href === "/dashboard" ? pathname === href : pathname === href || pathname.startsWith(`${href}/`);
}

export function DashboardNav() {
  const pathname = usePathname();
  return (
    // Phones wrap the tabs onto a second line so every section shows (#35 point 3); wider screens
    // keep one row, scrolling if a future tab does not fit.
    <nav aria-label="Dashboard" className="-mb-px flex flex-wrap gap-x-1 md:flex-nowrap md:overflow-x-auto">
      {LINKS.map((link) => {
        const active = isActive(pathname, link.href);
        return (
          <Link
            key={link.href}
            href={link.href}
            aria-current={active ? "page" : undefined}
            className={cn(
              "whitespace-nowrap border-b-2 px-2.5 py-2.5 text-sm font-medium md:px-3 md:py-3 transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600",
              active
                ? "border-brand-600 text-brand-700"
                : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900",
            )}
          >
            {link.label}
          </Link>
        );
      })}
    </nav>
  );
}
