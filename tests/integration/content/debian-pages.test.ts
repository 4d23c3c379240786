/**
 * Markdown of real third-party pages (D24, #28 point 6): documentation HTML that Debian packages
 * ship — Sphinx (Flask, Requests), DocBook (the Debian Reference, in English and Japanese),
 * AsciiDoc (git) and Texinfo (diffutils) — through GET /v1/content on real Chromium, checked
 * against structure read from the same files by a different route: the raw HTML parsed with
 * htmlparser2 (not Chromium, Readability or Turndown), the Markdown parsed with marked's lexer.
 * The headings (level and text, in order), the code blocks (count, and the languages Sphinx
 * names) and the links (all absolute) must agree. On a dozen pages of five generators in five
 * scripts (issue 51), the Markdown keeps ≥ 0.97 of the main text the page's markup names
 * (tests/support/main-text.ts), its tables are valid GFM and the readers' UI marks are gone.
 */
import { readFileSync } from "node:fs";
import { DomUtils, parseDocument } from "htmlparser2";
import { marked, type Token, type Tokens } from "marked";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DEBIAN_PAGES,
  type DebianDocsServer,
  debianDocFile,
  ensureDebianDocs,
  RECALL_PAGES,
  serveDebianDocs,
} from "@/tests/support/debian-docs";
import { irregularTableRows } from "@/tests/support/gfm-tables";
import { mainTextOf, recallOf } from "@/tests/support/main-text";
import { contentHarness, okJson } from "./harness";

let docs: DebianDocsServer;

beforeAll(async () => {
  ensureDebianDocs();
  docs = await serveDebianDocs();
}, 600_000);
// Registered before the harness, so the docs' server stops after it, as before.
afterAll(async () => docs?.close());
const h = contentHarness(() => ({ allowOrigins: [docs.origin] }));

type Element = NonNullable<ReturnType<typeof DomUtils.findOne>>;

interface Structure {
  headings: string[];
  codeBlocks: number;
  languages: string[];
}

const squash = (text: string) => text.replace(/\s+/g, " ").trim();
/** A heading's text without its permalink sign (¶) — what a reader sees as its title. */
const headingText = (text: string) => squash(text.replace(/[¶]/g, ""));

/**
 * The page's own structure from its file: headings and <pre> blocks inside the main region the
 * generator writes (Sphinx's role="main"; the others put all their content in the body).
 */
function fromHtml(pagePath: string): Structure {
  const dom = parseDocument(readFileSync(debianDocFile(pagePath)!, "utf8"));
  const main = DomUtils.findOne((e) => e.attribs.role === "main", dom.children, true);
  const region = main ? [main] : dom.children;
  const elements = DomUtils.findAll(() => true, region);
  const headings = elements
    .filter((e) => /^h[1-6]$/.test(e.name))
    .map((e) => `${"#".repeat(Number(e.name[1]))} ${headingText(DomUtils.textContent(e))}`);
  const pres = elements.filter((e) => e.name === "pre");
  const languages = pres.flatMap((pre) => {
    let node: Element | null = pre;
    for (let depth = 0; node && depth < 3; depth++, node = node.parent as Element | null) {
      const match = /(?:^|\s)highlight-([a-z0-9+]+)/.exec(node.attribs?.class ?? "");
      if (match) return match[1] === "default" || match[1] === "text" ? [] : [match[1]];
    }
    return [];
  });
  return { headings, codeBlocks: pres.length, languages };
}

function fromMarkdown(markdown: string): Structure & { links: string[] } {
  const tokens: Token[] = [];
  marked.walkTokens(marked.lexer(markdown), (token) => void tokens.push(token));
  const headings = tokens
    .filter((t): t is Tokens.Heading => t.type === "heading")
    .map((t) => `${"#".repeat(t.depth)} ${headingText(t.text.replace(/\\(.)/g, "$1").replace(/`/g, ""))}`);
  const code = tokens.filter((t): t is Tokens.Code => t.type === "code");
  const links = tokens.filter((t): t is Tokens.Link => t.type === "link" || t.type === "image").map((t) => t.href);
  return { headings, codeBlocks: code.length, languages: code.flatMap((t) => (t.lang ? [t.lang] : [])), links };
}

describe.each(Object.entries(DEBIAN_PAGES))("%s", (_name, pagePath) => {
  it("keeps every heading at its level, every code block (with Sphinx's languages) and only absolute links", async () => {
    const body = await okJson(await h.get({ url: docs.url(pagePath), formats: "markdown", timeout: 60_000 }));
    const expected = fromHtml(pagePath);
    const got = fromMarkdown(body.markdown as string);
    expect(expected.headings.length).toBeGreaterThan(0);
    expect(got.headings).toEqual(expected.headings);
    expect(got.codeBlocks).toBe(expected.codeBlocks);
    expect(got.languages).toEqual(expected.languages);
    for (const link of got.links) expect(link, "every link and image is absolute").toMatch(/^(https?|mailto|ftp):/);
  });
});

/** Lines outside fenced code blocks: where a copy button's `>>>` or a permalink's ¶ would show. */
function proseLines(markdown: string): string[] {
  let fenced = false;
  return markdown.split("\n").filter((line) => {
    if (/^\s*```/.test(line)) fenced = !fenced;
    return !fenced && !/^\s*```/.test(line);
  });
}

describe.each(Object.entries(RECALL_PAGES))("main text of %s", (_name, pagePath) => {
  it("keeps at least 0.97 of it, in valid GFM tables, without the readers' UI marks", async () => {
    const body = await okJson(await h.get({ url: docs.url(pagePath), formats: "markdown", timeout: 60_000 }));
    const markdown = body.markdown as string;
    const main = mainTextOf(readFileSync(debianDocFile(pagePath)!, "utf8"));
    expect(main.text.length).toBeGreaterThan(2000);
    const { recall, missing } = recallOf(main.text, markdown);
    expect(recall, `words missed most: ${missing.join(" ")}`).toBeGreaterThanOrEqual(0.97);
    expect(irregularTableRows(markdown)).toEqual([]);
    const prose = proseLines(markdown);
    expect(prose.filter((line) => line.includes("¶"))).toEqual([]);
    expect(prose.filter((line) => /^\\?>>>\s*$/.test(line.trim()))).toEqual([]);
  });
});

it("writes the whole page's tables as valid GFM or HTML (onlyMainContent=false): DocBook's spanning navigation", async () => {
  const body = await okJson(
    await h.get({ url: docs.url(RECALL_PAGES.postgresSelect), formats: "markdown", onlyMainContent: false }),
  );
  const markdown = body.markdown as string;
  expect(irregularTableRows(markdown)).toEqual([]);
  // The navigation header's title spans its five columns: HTML keeps the span, stripped of classes.
  expect(markdown).toMatch(/<table><tbody><tr><th colspan="5">SELECT<\/th><\/tr>/);
  expect(markdown).not.toContain('class="');
});
