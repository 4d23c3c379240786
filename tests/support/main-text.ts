/**
 * Recall of a page's main text in its Markdown (D24, issue 51): how much of the text in the
 * container the page's own markup names as main is still in the Markdown /v1/content returns.
 * Read from the page's file with htmlparser2 (not Chromium, Readability or Turndown); the
 * Markdown is made text by marked (so link targets and Markdown syntax count for nothing).
 *
 * Main container, the first that the page has: `<main>` / `[role=main]` (Sphinx's div.body);
 * for the generator the page declares in `<meta name="generator">`, DocBook's (XSL, Publican)
 * outermost div.chapter / div.sect1 / div.refentry / …, AsciiDoc's #header and #content,
 * makeinfo's outermost chapter or section; else the body. Its text leaves out what is never text
 * (scripts, styles, `[hidden]`) and the reader's UI marks (Sphinx's permalinks, copy buttons).
 *
 * Recall: both texts NFKC-normalised and lower-cased, split into words (runs of letters, marks
 * and digits; each Han or kana character a word of its own, as those scripts put no spaces between
 * words), so whitespace and punctuation count for nothing; recall = Σ over words of
 * min(times in the main text, times in the Markdown) / words in the main text.
 */
import { DomUtils, parseDocument } from "htmlparser2";
import { marked } from "marked";

type Node = ReturnType<typeof parseDocument>["children"][number];
type Element = Extract<Node, { attribs: Record<string, string> }>;

const classes = (e: Element) => (e.attribs.class ?? "").split(/\s+/);
const hasClass = (names: string[]) => (e: Element) => classes(e).some((name) => names.includes(name));

const GENERATOR_CONTAINERS: Array<{ generator: RegExp; matches: (e: Element) => boolean }> = [
  {
    generator: /docbook|publican/i,
    matches: (e) =>
      e.name === "div" &&
      hasClass([
        "set",
        "book",
        "part",
        "reference",
        "chapter",
        "appendix",
        "preface",
        "article",
        "refentry",
        "sect1",
        "section",
        "glossary",
        "bibliography",
        "index",
        "colophon",
      ])(e),
  },
  { generator: /asciidoc/i, matches: (e) => e.attribs.id === "header" || e.attribs.id === "content" },
  {
    generator: /makeinfo|texi2any|texi2html/i,
    matches: (e) =>
      e.name === "div" &&
      (hasClass(["top", "chapter", "appendix", "unnumbered", "section", "subsection"])(e) ||
        classes(e).some((name) => name.endsWith("-level-extent"))),
  },
];

const NEVER_TEXT = new Set(["script", "style", "noscript", "template", "head", "button", "svg"]);
const UI_MARK = hasClass(["headerlink", "copybutton", "copybtn", "copy-button", "btn-copy"]);

function outermost(nodes: Node[], matches: (e: Element) => boolean): Element[] {
  const found = DomUtils.findAll(matches, nodes);
  return found.filter((e) => {
    for (let p = e.parent as Element | null; p && "attribs" in p; p = p.parent as Element | null)
      if (matches(p)) return false;
    return true;
  });
}

/** The main container(s) of a page's HTML and a name for how they were found. */
function mainContainers(html: string): { elements: Element[]; by: string } {
  const dom = parseDocument(html);
  const mains = outermost(dom.children, (e) => e.name === "main" || e.attribs.role === "main");
  if (mains.length > 0) return { elements: mains, by: "main" };
  const meta = DomUtils.findOne(
    (e) => e.name === "meta" && e.attribs.name?.toLowerCase() === "generator",
    dom.children,
  );
  const generator = meta?.attribs.content ?? "";
  const known = GENERATOR_CONTAINERS.find((entry) => entry.generator.test(generator));
  const named = known ? outermost(dom.children, known.matches) : [];
  if (named.length > 0) return { elements: named, by: generator.split(/\s/)[0] };
  const body = DomUtils.findOne((e) => e.name === "body", dom.children);
  return { elements: body ? [body] : [], by: "body" };
}

function textOf(nodes: Node[]): string {
  let out = "";
  const walk = (node: Node) => {
    if (node.type === "text") out += (node as { data: string }).data;
    else if ("attribs" in node) {
      const e = node as Element;
      if (NEVER_TEXT.has(e.name) || UI_MARK(e) || "hidden" in e.attribs || e.attribs["aria-hidden"] === "true") return;
      if (e.name === "img" && e.attribs.alt) out += ` ${e.attribs.alt} `;
      out += " ";
      for (const child of e.children) walk(child);
      out += " ";
    }
  };
  nodes.forEach(walk);
  return out.replace(/\s+/g, " ").trim();
}

/** The page's main text (see the file's comment). */
export function mainTextOf(html: string): { text: string; by: string } {
  const { elements, by } = mainContainers(html);
  return { text: textOf(elements), by };
}

/** The Markdown's text: rendered by marked, its tags dropped, entities decoded. */
function markdownText(markdown: string): string {
  const html = marked.parse(markdown, { async: false });
  return textOf(parseDocument(html).children);
}

const NO_SPACE_SCRIPTS = /([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])/gu;

function words(text: string): string[] {
  return (
    text
      .normalize("NFKC")
      .toLowerCase()
      .replace(NO_SPACE_SCRIPTS, " $1 ")
      .match(/[\p{L}\p{M}\p{N}]+/gu) ?? []
  );
}

function counts(list: string[]): Map<string, number> {
  const map = new Map<string, number>();
  for (const word of list) map.set(word, (map.get(word) ?? 0) + 1);
  return map;
}

export interface Recall {
  recall: number;
  mainWords: number;
  /** Up to 20 of the main text's words the Markdown lacks (or has fewer of), most missed first. */
  missing: string[];
}

/** Recall of `main`'s words in `markdown` (see the file's comment). */
export function recallOf(main: string, markdown: string): Recall {
  const want = counts(words(main));
  const have = counts(words(markdownText(markdown)));
  let total = 0;
  let found = 0;
  const missed: Array<[string, number]> = [];
  for (const [word, n] of want) {
    total += n;
    const got = Math.min(n, have.get(word) ?? 0);
    found += got;
    if (got < n) missed.push([word, n - got]);
  }
  missed.sort((a, b) => b[1] - a[1]);
  return { recall: total === 0 ? 1 : found / total, mainWords: total, missing: missed.slice(0, 20).map(([w]) => w) };
}
