/**
 * Docs search (issue 20, D22): a client-side index of the docs pages, one entry per section (the
 * page's top and every h2/h3 with an id), read from the pages as served, so the index can never
 * describe a page other than the one a result opens. Matching is plain: every word of the query
 * must occur in the section (heading, page name or text); headings weigh most.
 */

export interface DocsSection {
  /** The page's name in the docs sidebar. */
  page: string;
  /** The section's heading (the page title for its top). */
  heading: string;
  /** Where the section starts: the page, with #id for a sub-section. */
  href: string;
  /** The section's text, whitespace collapsed. */
  text: string;
}

export interface DocsHit extends DocsSection {
  /** Up to ~160 characters of the text around the first match. */
  excerpt: string;
}

const HEADINGS = new Set(["H1", "H2", "H3"]);
/** Parts of a page that are not its prose: the live playground form, permalink marks, scripts. */
const SKIPPED = "script, style, svg, form, [data-testid^='playground-'], a[aria-label='Permalink to this section']";

/** The sections of one docs page's article, in order. */
export function sectionsOf(article: Element, page: { href: string; label: string }): DocsSection[] {
  const sections: DocsSection[] = [];
  let current: DocsSection = { page: page.label, heading: page.label, href: page.href, text: "" };
  const doc = article.ownerDocument;
  const walker = doc.createTreeWalker(article, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
    acceptNode: (node) =>
      node.nodeType === Node.ELEMENT_NODE && (node as Element).matches(SKIPPED)
        ? NodeFilter.FILTER_REJECT
        : NodeFilter.FILTER_ACCEPT,
  });
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeType === Node.ELEMENT_NODE) {
      const el = node as Element;
      if (el.tagName === "H1") current.heading = headingText(el);
      else if (HEADINGS.has(el.tagName) && el.id) {
        sections.push(current);
        current = { page: page.label, heading: headingText(el), href: `${page.href}#${el.id}`, text: "" };
      }
      continue;
    }
    if ((node.parentElement?.closest("h1, h2, h3") ?? null) !== null) continue;
    const text = node.textContent ?? "";
    if (text.trim()) current.text += ` ${text}`;
  }
  sections.push(current);
  return sections.map((s) => ({ ...s, text: s.text.replace(/\s+/g, " ").trim() }));
}

function headingText(el: Element): string {
  const clone = el.cloneNode(true) as Element;
  clone.querySelectorAll(SKIPPED).forEach((n) => n.remove());
  return (clone.textContent ?? "").replace(/\s+/g, " ").trim();
}

function occurrences(haystack: string, needle: string): number {
  let count = 0;
  for (let at = haystack.indexOf(needle); at !== -1 && count < 5; at = haystack.indexOf(needle, at + needle.length))
    count++;
  return count;
}

function excerptOf(text: string, word: string): string {
  const at = Math.max(0, text.toLowerCase().indexOf(word));
  const start = Math.max(0, at - 60);
  const end = Math.min(text.length, at + 100);
  return `${start > 0 ? "…" : ""}${text.slice(start, end).trim()}${end < text.length ? "…" : ""}`;
}

/** The sections matching every word of the query, best first, at most `limit`. */
export function searchDocs(sections: readonly DocsSection[], query: string, limit = 8): DocsHit[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const scored: Array<{ hit: DocsHit; score: number; order: number }> = [];
  sections.forEach((section, order) => {
    const heading = section.heading.toLowerCase();
    const page = section.page.toLowerCase();
    const text = section.text.toLowerCase();
    let score = 0;
    for (const word of words) {
      const inHeading = heading.includes(word);
      const inPage = page.includes(word);
      const inText = occurrences(text, word);
      if (!inHeading && !inPage && inText === 0) return;
      score += (inHeading ? 10 : 0) + (inPage ? 4 : 0) + inText;
    }
    scored.push({ hit: { ...section, excerpt: excerptOf(section.text, words[0]!) }, score, order });
  });
  return scored
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, limit)
    .map((s) => s.hit);
}
