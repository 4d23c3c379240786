/** Docs search ranking (D22): every word must match; headings weigh more than text; order is stable. */
import { describe, expect, it } from "vitest";
import { searchDocs, type DocsSection } from "@/components/docs/search/search-index";

const SECTIONS: DocsSection[] = [
  {
    page: "GET /v1/screenshot",
    heading: "GET /v1/screenshot",
    href: "/docs/screenshot",
    text: "Renders a public web page in a fresh browser.",
  },
  {
    page: "GET /v1/screenshot",
    heading: "Query parameters",
    href: "/docs/screenshot#parameters",
    text: "fullPage captures the whole page. width, height, format.",
  },
  {
    page: "Signed URLs",
    heading: "Signed URLs",
    href: "/docs/signed-urls",
    text: "A signature proves you made the URL. The page shows fullPage nowhere.",
  },
  {
    page: "Caching & files",
    heading: "Cache keys",
    href: "/docs/caching#keys",
    text: "The cache key covers url, width and fullPage.",
  },
];

describe("searchDocs", () => {
  it("finds every section with all the words, heading matches first", () => {
    expect(searchDocs(SECTIONS, "cache").map((h) => h.href)).toEqual(["/docs/caching#keys"]);
    expect(searchDocs(SECTIONS, "FULLPAGE").map((h) => h.href)).toEqual([
      "/docs/screenshot#parameters",
      "/docs/signed-urls",
      "/docs/caching#keys",
    ]);
    expect(searchDocs(SECTIONS, "query fullpage").map((h) => h.href)).toEqual(["/docs/screenshot#parameters"]);
    expect(searchDocs(SECTIONS, "signature proves").map((h) => h.href)).toEqual(["/docs/signed-urls"]);
  });

  it("gives nothing for an empty query or a word no section has", () => {
    expect(searchDocs(SECTIONS, "   ")).toEqual([]);
    expect(searchDocs(SECTIONS, "fullpage zebra")).toEqual([]);
  });

  it("shows the text around the first match and keeps to the limit", () => {
    const [hit] = searchDocs(SECTIONS, "signature");
    expect(hit!.excerpt).toContain("A signature proves you made the URL.");
    expect(searchDocs(SECTIONS, "e", 2)).toHaveLength(2);
  });
});
