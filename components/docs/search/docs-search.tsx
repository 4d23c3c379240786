"use client";

import Link from "next/link";
import { useId, useRef, useState } from "react";
import { DOCS_PAGES } from "@/components/site/links";
import { Input } from "@/components/ui";
import { searchDocs, sectionsOf, type DocsSection } from "./search-index";

type IndexState =
  { status: "idle" } | { status: "loading" } | { status: "ready"; sections: DocsSection[] } | { status: "failed" };

/** Fetches every docs page as served and reads its sections (once per visit, on first use). */
async function buildIndex(): Promise<DocsSection[]> {
  const pages = await Promise.all(
    DOCS_PAGES.map(async (page) => {
      const response = await fetch(page.href, { credentials: "omit" });
      if (!response.ok) throw new Error(`${page.href}: ${response.status}`);
      const doc = new DOMParser().parseFromString(await response.text(), "text/html");
      const article = doc.querySelector("main article") ?? doc.querySelector("main");
      return article ? sectionsOf(article, page) : [];
    }),
  );
  return pages.flat();
}

/**
 * Search over the docs pages (D22): the index is built in the browser from the pages themselves
 * the first time the field is used; results are links to the section. Enter opens the first.
 */
export function DocsSearch() {
  const [query, setQuery] = useState("");
  const [index, setIndex] = useState<IndexState>({ status: "idle" });
  const firstResult = useRef<HTMLAnchorElement>(null);
  const id = useId();

  function ensureIndex() {
    if (index.status !== "idle" && index.status !== "failed") return;
    setIndex({ status: "loading" });
    buildIndex().then(
      (sections) => setIndex({ status: "ready", sections }),
      () => setIndex({ status: "failed" }),
    );
  }

  const hits = index.status === "ready" ? searchDocs(index.sections, query) : [];
  const searching = query.trim() !== "";
  const status = !searching
    ? ""
    : index.status === "failed"
      ? "The docs could not be loaded for searching. Check your connection and try again."
      : index.status !== "ready"
        ? "Searching the docs…"
        : hits.length === 0
          ? `No results for “${query.trim()}”.`
          : `${hits.length} result${hits.length === 1 ? "" : "s"} for “${query.trim()}”.`;

  return (
    <search className="relative mb-8" aria-label="Docs search">
      <form
        role="none"
        onSubmit={(event) => {
          event.preventDefault();
          firstResult.current?.click();
        }}
      >
        <label htmlFor={`${id}-q`} className="sr-only">
          Search the docs
        </label>
        <Input
          id={`${id}-q`}
          type="search"
          placeholder="Search the docs"
          autoComplete="off"
          value={query}
          onFocus={ensureIndex}
          onChange={(e) => {
            ensureIndex();
            setQuery(e.target.value);
          }}
          onKeyDown={(e) => {
            if (e.key === "Escape") setQuery("");
          }}
          aria-describedby={`${id}-status`}
          data-testid="docs-search"
        />
      </form>
      <p
        id={`${id}-status`}
        aria-live="polite"
        className={searching ? "mt-2 text-sm text-slate-600" : "sr-only"}
        data-testid="docs-search-status"
      >
        {status}
      </p>
      {searching && hits.length > 0 && (
        <ul
          className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white shadow-sm"
          data-testid="docs-search-results"
        >
          {hits.map((hit, i) => (
            <li key={hit.href}>
              <Link
                ref={i === 0 ? firstResult : undefined}
                href={hit.href}
                onClick={() => setQuery("")}
                className="block px-4 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <span className="block text-sm font-medium text-slate-900">
                  {hit.page !== hit.heading && <span className="text-slate-600">{hit.page} › </span>}
                  {hit.heading}
                </span>
                {hit.excerpt && <span className="mt-0.5 block text-xs text-slate-600">{hit.excerpt}</span>}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </search>
  );
}
