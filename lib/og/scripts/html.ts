/**
 * A card's React element as a static HTML page that Chromium lays out like satori (D21): same
 * element tree, same inline styles, with satori's defaults spelled out (every element a flex
 * box, no automatic minimum size, border-box) and satori's `lineClamp` as the -webkit-box clamp.
 * Text elements get `dir="auto"`, so a right-to-left paragraph starts at the right edge; cursive
 * scripts lose the templates' letter-spacing, which would tear their joined letters apart.
 *
 * Own serializer rather than react-dom/server: the element tree is plain data (templates are pure
 * functions), route handlers run under the react-server condition, and no markup other than what
 * is written here can ever reach the page — no script, no event handler.
 */
import { isValidElement, type ReactElement, type ReactNode } from "react";
import { FONT_FAMILY } from "@/lib/og/fonts";

const UNITLESS = new Set([
  "lineHeight",
  "fontWeight",
  "opacity",
  "flexGrow",
  "flexShrink",
  "flex",
  "zIndex",
  "order",
  "aspectRatio",
  "lineClamp",
]);
const VOID = new Set(["img", "br"]);
/** Only what templates draw with; anything else is dropped (never raw HTML). */
const TAGS = new Set(["div", "span", "p", "img", "br", "h1", "h2", "h3", "section", "header", "footer"]);
const ATTRIBUTES: Record<string, readonly string[]> = { img: ["src", "width", "height", "alt"] };
/** Joined (cursive) scripts: Arabic, Syriac, Thaana, NKo, Indic, Mongolian. */
const CURSIVE = /[\u0600-\u08ff\u0900-\u0dff\u1800-\u18af\ufb50-\ufdff\ufe70-\ufeff]/u;

/** Marks the elements with a line clamp (see clipTruncated in lib/og/scripts/chromium). */
export const CLAMPED_ATTRIBUTE = "data-clamp";

const escapeText = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, "&quot;");
const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

function cssValue(name: string, value: unknown, fontStack: string): string | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value === "number") return UNITLESS.has(name) ? String(value) : `${value}px`;
  const text = String(value);
  if (name === "fontFamily")
    return text.replace(new RegExp(`(^|,\\s*)"?${FONT_FAMILY}"?(?=\\s*(,|$))`), `$1${fontStack}`);
  return text;
}

function styleAttribute(style: Record<string, unknown>, text: string, fontStack: string): string {
  const rules: string[] = [];
  const clamp = typeof style.lineClamp === "number" ? style.lineClamp : undefined;
  for (const [name, raw] of Object.entries(style)) {
    if (name === "lineClamp") continue;
    if (clamp !== undefined && name === "display") continue;
    if (name === "letterSpacing" && CURSIVE.test(text)) continue;
    const value = cssValue(name, raw, fontStack);
    if (value !== undefined) rules.push(`${kebab(name)}:${value}`);
  }
  // No overflow:hidden here: it would also cut the tall marks of Arabic, Devanagari or Thai that
  // reach past a tight line height. The browser engine clips only boxes the clamp truncated.
  if (clamp !== undefined)
    rules.push(`display:-webkit-box`, `-webkit-box-orient:vertical`, `-webkit-line-clamp:${clamp}`);
  return rules.join(";");
}

/** The text directly inside an element (what dir="auto" and the cursive rule look at). */
function ownText(children: ReactNode): string {
  const parts: string[] = [];
  const visit = (node: ReactNode) => {
    if (typeof node === "string" || typeof node === "number") parts.push(String(node));
    else if (Array.isArray(node)) node.forEach(visit);
  };
  visit(children);
  return parts.join("");
}

function serialize(node: ReactNode, fontStack: string): string {
  if (node === null || node === undefined || typeof node === "boolean") return "";
  if (typeof node === "string" || typeof node === "number") return escapeText(String(node));
  if (Array.isArray(node)) return node.map((child) => serialize(child as ReactNode, fontStack)).join("");
  if (!isValidElement(node)) return "";
  const element = node as ReactElement<Record<string, unknown>>;
  const props = element.props;
  if (typeof element.type === "function") {
    return serialize((element.type as (p: Record<string, unknown>) => ReactNode)(props), fontStack);
  }
  if (typeof element.type !== "string") return serialize(props.children as ReactNode, fontStack); // fragments
  const tag = element.type.toLowerCase();
  if (!TAGS.has(tag)) return "";
  const text = ownText(props.children as ReactNode);
  const attributes: string[] = [];
  const style = (props.style ?? {}) as Record<string, unknown>;
  const css = styleAttribute(style, text, fontStack);
  if (css) attributes.push(`style="${escapeAttr(css)}"`);
  if (typeof style.lineClamp === "number") attributes.push(CLAMPED_ATTRIBUTE);
  if (text.trim()) attributes.push(`dir="auto"`);
  for (const name of ATTRIBUTES[tag] ?? []) {
    const value = props[name];
    if (typeof value === "string" || typeof value === "number")
      attributes.push(`${name}="${escapeAttr(String(value))}"`);
  }
  const open = `<${tag}${attributes.length ? ` ${attributes.join(" ")}` : ""}>`;
  return VOID.has(tag) ? open : `${open}${serialize(props.children as ReactNode, fontStack)}</${tag}>`;
}

/** The whole page: exactly `width`×`height`, fonts inline, satori's defaults as a stylesheet. */
export function cardHtml(
  element: ReactElement,
  options: { width: number; height: number; fontFaces: string; fontStack: string },
): string {
  const { width, height } = options;
  return [
    '<!doctype html><html><head><meta charset="utf-8">',
    "<style>",
    options.fontFaces,
    `html,body{margin:0;padding:0;width:${width}px;height:${height}px;overflow:hidden;background:transparent}`,
    `body{display:flex;font-family:${options.fontStack};-webkit-font-smoothing:antialiased;text-rendering:geometricPrecision}`,
    // satori's defaults: every element a flex container, no automatic minimum size (yoga), and
    // images without inline baseline gaps.
    "div,span,p,h1,h2,h3,section,header,footer{display:flex;box-sizing:border-box;min-width:0;min-height:0;margin:0;font:inherit}",
    "img{display:flex;box-sizing:border-box;min-width:0;min-height:0}",
    "</style></head><body>",
    serialize(element, options.fontStack),
    "</body></html>",
  ].join("");
}
