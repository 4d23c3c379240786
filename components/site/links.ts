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

const API_REFERENCE_HREF = "/docs/screenshot";

const within = (pathname: string, href: string) => pathname === href || pathname.startsWith(`${href}/`);

/**
 * The header item a page belongs to (D22): the item that is the page itself; else "API
 * reference" for the pages of the docs sidebar's API reference section (/docs/og is reference,
 * not "Docs", though it sits under /docs); else the longest href that is a folder above it.
 */
function activeNavHref(pathname: string): string | undefined {
  const hrefs: string[] = MAIN_NAV.map((item) => item.href);
  if (hrefs.includes(pathname)) return pathname;
  const reference = DOCS_NAV.find((section) => section.title === "API reference")?.items ?? [];
  if (reference.some((item) => within(pathname, item.href))) return API_REFERENCE_HREF;
  return hrefs.filter((href) => within(pathname, href)).sort((a, b) => b.length - a.length)[0];
}

/**
 * aria-current for a header link on this page: "page" when the link is this page, "true" when the
 * page is in the link's section (a guide under "Docs", /docs/og under "API reference").
 */
export function navCurrent(pathname: string, href: string): "page" | "true" | undefined {
  if (activeNavHref(pathname) !== href) return undefined;
  return pathname === href ? "page" : "true";
}

/**
 * A sidebar section from its pages, href → label, one a line in reading order (an object keeps its
 * string keys in the order written, and a page listed twice does not compile); each href keeps its
 * literal type, so DocsHref below names exactly the sidebar's pages.
 */
function docsSection<const Href extends string>(title: string, pages: Record<Href, string>) {
  const items = Object.entries<string>(pages).map(([href, label]) => ({ href: href as Href, label }));
  return { title, items };
}

/** The docs sidebar, in reading order. Every page under app/(docs)/docs appears here once. */
export const DOCS_NAV = [
  docsSection("Introduction", {
    "/docs": "Overview",
    "/docs/getting-started": "Getting started",
    "/docs/authentication": "Authentication",
  }),
  docsSection("API reference", {
    "/docs/screenshot": "GET /v1/screenshot",
    "/docs/og": "GET /v1/og",
    "/docs/content": "GET /v1/content",
    "/docs/animate": "GET /v1/animate",
    "/docs/crawl": "Sites: map & crawl",
    "/docs/templates": "OG templates",
  }),
  docsSection("Guides", {
    "/docs/signed-urls": "Signed URLs",
    "/docs/async": "Async & webhooks",
    "/docs/sdks": "SDKs",
    "/docs/monitors": "Visual diffs & monitors",
    "/docs/mcp": "AI agents (MCP)",
    "/docs/sessions": "Browser sessions (CDP)",
    "/docs/proxy": "Your own proxy",
    "/docs/connectors": "Private sites (connectors)",
    "/docs/caching": "Caching & files",
    "/docs/errors": "Errors",
    "/docs/guarantees": "What we guarantee",
    "/docs/limits": "Limits & plans",
  }),
  docsSection("Self-hosting", {
    "/docs/metrics": "Metrics (Prometheus)",
    "/docs/traces": "Traces (OpenTelemetry)",
  }),
] as const satisfies ReadonlyArray<{ title: string; items: readonly SiteLink[] }>;

export const DOCS_PAGES: readonly SiteLink[] = DOCS_NAV.flatMap((section): readonly SiteLink[] => section.items);

export type DocsHref = (typeof DOCS_NAV)[number]["items"][number]["href"];

/**
 * A docs page's link elsewhere (the footer), by its sidebar entry, so it cannot name a page that is
 * not there; `label` where the footer words it differently ("Screenshot API" for GET /v1/screenshot).
 */
function docsLink(href: DocsHref, label?: string): SiteLink {
  return { href, label: label ?? DOCS_PAGES.find((page) => page.href === href)!.label };
}

export const FOOTER_COLUMNS: ReadonlyArray<{ title: string; links: readonly SiteLink[] }> = [
  {
    title: "Product",
    links: [
      { href: "/", label: "Overview" },
      { href: "/pricing", label: "Pricing" },
      docsLink("/docs/templates"),
      { href: SIGN_IN_HREF, label: "Sign in" },
    ],
  },
  {
    title: "Docs",
    links: [
      docsLink("/docs/getting-started"),
      docsLink("/docs/screenshot", "Screenshot API"),
      docsLink("/docs/og", "Open Graph API"),
      docsLink("/docs/content", "Content API"),
      docsLink("/docs/animate", "Recordings API"),
      docsLink("/docs/errors"),
    ],
  },
  {
    title: "Developers",
    links: [
      docsLink("/docs/authentication"),
      docsLink("/docs/caching", "Caching"),
      docsLink("/docs/limits"),
      docsLink("/docs/sdks"),
      { href: OPENAPI_HREF, label: "OpenAPI spec" },
    ],
  },
];
