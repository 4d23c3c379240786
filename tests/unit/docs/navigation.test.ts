/**
 * The site's navigation (components/site/links.ts) points only at pages that exist, and the docs
 * sidebar lists every docs page exactly once: a page added or moved without its link fails here.
 */
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  DOCS_NAV,
  DOCS_PAGES,
  FOOTER_COLUMNS,
  MAIN_NAV,
  navCurrent,
  OPENAPI_HREF,
  SIGN_IN_HREF,
} from "@/components/site/links";

const APP = path.resolve(__dirname, "../../../app");

/** Every URL path served by a page.tsx or route.ts under app/ (route groups like "(docs)" add no segment). */
function routes(kind: "page.tsx" | "route.ts", dir = APP, segments: string[] = []): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) {
      const group = /^\(.*\)$/.test(entry);
      found.push(...routes(kind, full, group ? segments : [...segments, entry]));
    } else if (entry === kind) {
      found.push(`/${segments.join("/")}`);
    }
  }
  return found;
}

const pages = new Set(routes("page.tsx"));
const handlers = new Set(routes("route.ts"));

describe("site navigation", () => {
  it("every header, footer and sidebar link has a page (or, for the OpenAPI document, a route)", () => {
    const links = [...MAIN_NAV, ...DOCS_PAGES, ...FOOTER_COLUMNS.flatMap((column) => column.links)];
    expect(links.length).toBeGreaterThan(10);
    for (const { href } of links) {
      if (href === OPENAPI_HREF) expect(handlers.has(href), href).toBe(true);
      else expect(pages.has(href), `${href} has no page under app/`).toBe(true);
    }
    expect(pages.has(SIGN_IN_HREF)).toBe(true);
  });

  it("the docs sidebar lists every docs page exactly once", () => {
    // A catch-all (/docs/[...slug]) only answers the docs 404: it is no page to list.
    const docsPages = [...pages].filter((p) => (p === "/docs" || p.startsWith("/docs/")) && !p.includes("[...")).sort();
    const listed = DOCS_NAV.flatMap((section) => section.items.map((item) => item.href));
    expect([...listed].sort()).toEqual(docsPages);
    expect(new Set(listed).size).toBe(listed.length);
  });

  it("the header marks exactly one item per site page: Docs for guides, API reference for the endpoint pages", () => {
    const marked = (pathname: string) =>
      Object.fromEntries(
        MAIN_NAV.map((item) => [item.label, navCurrent(pathname, item.href)]).filter(([, current]) => current),
      );
    expect(marked("/docs")).toEqual({ Docs: "page" });
    expect(marked("/docs/getting-started")).toEqual({ Docs: "true" });
    expect(marked("/docs/errors")).toEqual({ Docs: "true" });
    expect(marked("/docs/screenshot")).toEqual({ "API reference": "page" });
    expect(marked("/docs/og")).toEqual({ "API reference": "true" });
    expect(marked("/docs/templates")).toEqual({ Templates: "page" });
    expect(marked("/pricing")).toEqual({ Pricing: "page" });
    expect(marked("/docs/no-such-page")).toEqual({ Docs: "true" });
    expect(marked("/")).toEqual({});
    // Every docs page is under one item, never two.
    for (const { href } of DOCS_PAGES) expect(Object.keys(marked(href)), href).toHaveLength(1);
  });
});
