export interface DocsLink {
  href: string;
  label: string;
}

/** The docs sidebar, in reading order. Every page under app/(docs)/docs appears here once. */
export const DOCS_NAV: ReadonlyArray<{ title: string; items: readonly DocsLink[] }> = [
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
      { href: "/docs/caching", label: "Caching & files" },
      { href: "/docs/errors", label: "Errors" },
      { href: "/docs/limits", label: "Limits & plans" },
    ],
  },
];

export const DOCS_PAGES: readonly DocsLink[] = DOCS_NAV.flatMap((section) => section.items);
