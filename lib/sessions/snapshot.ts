/**
 * What an agent reads of a browsing session's page (D43): a Markdown outline — title, address,
 * headings, text, and every element it can act on with a reference `[ref=eN]` that
 * browser_click and browser_type take. A reference is an attribute (`data-glance-ref`) the
 * snapshot writes on the element, so it stays the same element across snapshots for as long as the
 * page keeps it; a new element gets the next number. It runs in the page's main world, like any
 * script of an automation client; what it returns is text, cut at MAX_CHARS.
 */
import "server-only";
import type { Page } from "puppeteer-core";

const MAX_CHARS = 40_000;
export const REF_ATTRIBUTE = "data-glance-ref";

/** Plain JavaScript (a string, as lib/page's scripts): nothing a compiler adds reaches the page. */
const OUTLINE = `(attribute) => {
  const interactive =
    "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=link], [role=checkbox], [role=tab], [role=menuitem], [contenteditable=true]";
  let next = 0;
  for (const el of document.querySelectorAll("[" + attribute + "]")) {
    next = Math.max(next, Number(el.getAttribute(attribute).slice(1)) || 0);
  }
  const lines = [];
  const visible = (el) => {
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    return box.width > 0 && box.height > 0 && style.visibility !== "hidden" && style.display !== "none";
  };
  const clean = (text) => (text || "").replace(/\\s+/g, " ").trim();
  const name = (el) =>
    clean(
      el.getAttribute("aria-label") ||
        (el.labels && el.labels[0] && el.labels[0].textContent) ||
        el.textContent ||
        el.getAttribute("placeholder") ||
        el.getAttribute("title") ||
        el.name,
    ).slice(0, 120);
  const done = new Set();
  const walker = document.createTreeWalker(document.body || document.documentElement, NodeFilter.SHOW_ELEMENT);
  for (let node = walker.currentNode; node; node = walker.nextNode()) {
    if (!visible(node)) continue;
    const tag = node.tagName.toLowerCase();
    let inside = node.parentElement;
    while (inside && !done.has(inside)) inside = inside.parentElement;
    if (node.matches(interactive)) {
      let ref = node.getAttribute(attribute);
      if (!ref) node.setAttribute(attribute, (ref = "e" + ++next));
      const kind = tag === "a" ? "link" : tag === "input" ? (node.type || "text") + " input" : node.getAttribute("role") || tag;
      const value = tag === "input" || tag === "textarea" ? node.value : "";
      const state = [
        value && node.type !== "password" ? 'value "' + value.slice(0, 80) + '"' : "",
        value && node.type === "password" ? "filled" : "",
        node.checked ? "checked" : "",
        node.disabled ? "disabled" : "",
      ].filter(Boolean);
      const href = tag === "a" ? " → " + node.href : "";
      lines.push("- " + kind + ' "' + name(node) + '" [ref=' + ref + "]" + (state.length ? " (" + state.join(", ") + ")" : "") + href);
      done.add(node);
    } else if (inside) {
      continue;
    } else if (/^h[1-6]$/.test(tag)) {
      lines.push("#".repeat(Number(tag[1])) + " " + name(node));
      done.add(node);
    } else if (["p", "li", "td", "th", "label", "pre", "blockquote", "dt", "dd"].includes(tag)) {
      const text = clean(node.textContent);
      if (text) lines.push(tag === "li" ? "- " + text.slice(0, 300) : text.slice(0, 500));
      done.add(node);
    }
  }
  return lines.join("\\n");
}`;

/** The page as an agent reads it: its address and title, then the outline with references. */
export async function snapshot(page: Page): Promise<string> {
  const body = (await page.evaluate(`(${OUTLINE})(${JSON.stringify(REF_ATTRIBUTE)})`)) as string;
  const text = `Page: ${page.url()}\nTitle: ${await page.title()}\n\n${body}`;
  return text.length > MAX_CHARS ? `${text.slice(0, MAX_CHARS)}\n… (cut at ${MAX_CHARS} characters)` : text;
}

/** The element a reference names, for click and type. */
export function refSelector(ref: string): string | undefined {
  return /^e\d{1,6}$/.test(ref) ? `[${REF_ATTRIBUTE}="${ref}"]` : undefined;
}
