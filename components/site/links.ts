/**
 * All of the site's navigation in one place: the header, the footer and the docs sidebar pick
 * their links from here (tests/unit/docs/navigation.test.ts checks that every link has a page and
 * every docs page a sidebar entry). Sign-in and the dashboard are served by app/(auth) and
 * app/(dashboard).
 */
export interface SiteLink {
  href: string;
  label: string;
}

export const SIGN_IN_HREF = "/signin";
export const DASHBOARD_HREF = "/dashboard";
export const OPENAPI_HREF = "/v1/openapi.json";

export const MAIN_NAV = [
  { href: "/docs", label: "Docs" },
  { href: "/docs/screenshot", label: "API reference" },
  { href: "/docs/templates", label: "Templates" },
  { href: "/pricing", label: "Pricing" },
] as const satisfies readonly SiteLink[];

/** The nav item for a path: the longest href that is the path or a folder above it. */
export function activeNavHref(pathname: string): string | undefined {
  return MAIN_NAV.map((item) => item.href as string)
    .filter((href) => pathname === href || pathname.startsWith(`${href}/`))
    .sort((a, b) => b.length - a.length)[0];
}

/** The docs sidebar, in reading order. Every page under app/(docs)/docs appears here once. */
export const DOCS_NAV: ReadonlyArray<{ title: string; items: readonly SiteLink[] }> = [
  {
    title: "Introduction",
    items: [
      { href: "/docs", label: "Overview" },
      { href: "/docs/getting-started", label: "Getting started" },
      { href: "/docs/authentication", label: "Authentication" },
    ],
  },
  {
    title: "API reference",
    items: [
      { href: "/docs/screenshot", label: "GET /v1/screenshot" },
      { href: "/docs/og", label: "GET /v1/og" },
      { href: "/docs/templates", label: "OG templates" },
    ],
  },
  {
    title: "Guides",
    items: [
      { href: "/docs/signed-urls", label: "Signed URLs" },
      { href: "/docs/async", label: "Async & webhooks" },
      { href: "/docs/caching", label: "Caching & files" },
      { href: "/docs/errors", label: "Errors" },
      { href: "/docs/limits", label: "Limits & plans" },
    ],
  },
];

export const DOCS_PAGES: readonly SiteLink[] = DOCS_NAV.flatMap((section) => section.items);

export const FOOTER_COLUMNS: ReadonlyArray<{ title: string; links: readonly SiteLink[] }> = [
  {
    title: "Product",
    links: [
      { href: "/", label: "Overview" },
      { href: "/pricing", label: "Pricing" },
      { href: "/docs/templates", label: "OG templates" },
      { href: SIGN_IN_HREF, label: "Sign in" },
    ],
  },
  {
    title: "Docs",
    links: [
      { href: "/docs/getting-started", label: "Getting started" },
      { href: "/docs/screenshot", label: "Screenshot API" },
      { href: "/docs/og", label: "Open Graph API" },
      { href: "/docs/errors", label: "Errors" },
    ],
  },
  {
    title: "Developers",
    links: [
      { href: "/docs/authentication", label: "Authentication" },
      { href: "/docs/caching", label: "Caching" },
      { href: "/docs/limits", label: "Limits & plans" },
      { href: OPENAPI_HREF, label: "OpenAPI spec" },
    ],
  },
];
