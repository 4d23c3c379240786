/** Where the site's calls to action point. Sign-in and the dashboard are served by app/(auth) and app/(dashboard). */
export const SIGN_IN_HREF = "/signin";
export const DASHBOARD_HREF = "/dashboard";

export const MAIN_NAV = [
  { href: "/docs", label: "Docs" },
  { href: "/docs/screenshot", label: "API reference" },
  { href: "/docs/templates", label: "Templates" },
  { href: "/pricing", label: "Pricing" },
] as const;

/** The nav item for a path: the longest href that is the path or a folder above it. */
export function activeNavHref(pathname: string): string | undefined {
  return MAIN_NAV.map((item) => item.href as string)
    .filter((href) => pathname === href || pathname.startsWith(`${href}/`))
    .sort((a, b) => b.length - a.length)[0];
}
