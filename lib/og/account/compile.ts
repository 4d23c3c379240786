/**
 * Account templates, checked once on save (D21): a `<variables>` block declaring each variable's
 * type and default, then one root element of the HTML subset. Compiling either yields a
 * CompiledTemplate (plain JSON, stored with the version) or throws TemplateError naming the line.
 *
 *   <variables>
 *     <text name="title" default="Hello" required />
 *     <color name="brand" default="#6366f1" />
 *     <image_url name="logo" />
 *     <number name="size" default="64" />
 *     <list name="points" default="Fast|Safe" />
 *   </variables>
 *   <div style="background-color: {{brand}}; padding: 64px">
 *     <img src="{{logo}}" width="96" height="96" />
 *     <p style="font-size: {{size}}px">{{title}}</p>
 *     <div each="points"><span>{{item}}</span></div>
 *   </div>
 *
 * The account's brand kit is used by name: `color: brand:primary`, `font-family: brand:heading`,
 * `<img src="brand:logo">`. A name the kit does not have is refused on save with its line.
 *
 * What the built-in cards compute (D33 point 8) is written with an optional `<layout>` block
 * after `<variables>` (layout.ts: theme colours and canvas sizes, fitted text, named values),
 * expressions in `{{…}}` (expression.ts), `if="…"` on an element (left out unless true) and
 * `limit="…"` on an `each` (at most that many items).
 */
import { brandRef, NO_BRAND, type BrandNames } from "@/lib/og/account/brand-refs";
import { parseStyle, type Declaration } from "@/lib/og/account/css";
import { DECLARATION_LIMITS, declarations, type DeclaredVariable } from "@/lib/og/account/declarations";
import { typeOfKind, type TypeOf, type VariableKind } from "@/lib/og/account/css-values";
import { parseExpression, type Expr, type ExprType } from "@/lib/og/account/expression";
import { compileLayout, themeType, type CompiledLayout } from "@/lib/og/account/layout";
import { parseMarkup, TemplateError, type MarkupElement, type MarkupNode } from "@/lib/og/account/markup";

export { TemplateError };

export const STUDIO_LIMITS = {
  sourceMaxChars: 20_000,
  maxElements: 300,
  maxDepth: 24,
  /** `each` inside `each` multiplies: two levels at most (a third is refused on save). */
  maxEachNesting: 2,
  /**
   * Elements one render may expand to, with its variables (element.ts): 20 items × a 100-element
   * body, about a second of satori on the 2-core host, where 300 elements in two nested loops of
   * 20 items would otherwise be 120,000.
   */
  maxRenderedElements: 2_000,
  ...DECLARATION_LIMITS,
} as const;

/**
 * Text with variable slots: ["Hello ", { variable: "name" }]. `{{author | initials}}` shows the
 * first letters of the value's first two words ("Ada Lovelace" → "AL"), as blog-post's avatar
 * stand-in does (D33 point 8).
 */
export type Parts = Array<string | { variable: string; filter?: TextFilter } | { expr: Expr }>;

/** What a text slot may do to its value before it is shown. */
type TextFilter = "initials";
const TEXT_FILTERS: readonly TextFilter[] = ["initials"];

export interface CompiledElement {
  tag: "div" | "span" | "p" | "img";
  style: Declaration[];
  /** img only: where the picture comes from (an image_url variable or a brand-kit image). */
  src?: { variable: string } | { brand: string };
  width?: number;
  height?: number;
  /** Repeat this element once per item of a list variable; `{{item}}` inside is the item. */
  each?: string;
  /** With each: at most this many items. */
  limit?: Expr;
  /** Left out (with what it holds) unless this is true (D33 point 8). */
  if?: Expr;
  children: Array<CompiledElement | { text: Parts }>;
  line: number;
}

export interface CompiledTemplate {
  variables: DeclaredVariable[];
  /** Absent from templates saved before it existed. */
  layout?: CompiledLayout;
  root: CompiledElement;
}

const TAGS = new Set(["div", "span", "p", "img"]);

export function compileTemplate(source: string, brand: BrandNames = NO_BRAND): CompiledTemplate {
  if (source.length > STUDIO_LIMITS.sourceMaxChars) {
    throw new TemplateError(
      1,
      `The template is ${source.length} characters long; at most ${STUDIO_LIMITS.sourceMaxChars} are allowed.`,
    );
  }
  const nodes = parseMarkup(source);
  const elements = nodes.filter((n): n is MarkupElement => n.kind === "element");
  const strayText = nodes.find((n) => n.kind === "text");
  if (strayText) throw new TemplateError(strayText.line, "Text outside the root element.");
  let variables: DeclaredVariable[] = [];
  let rest = elements;
  if (rest[0]?.tag === "variables") {
    variables = declarations(rest[0]);
    rest = rest.slice(1);
  }
  const kinds = new Map(variables.map((v) => [v.name, v.type]));
  const variableType: TypeOf = (name) => typeOfKind(kinds.get(name));
  let layout: CompiledLayout | undefined;
  let types = new Map<string, ExprType>();
  if (rest[0]?.tag === "layout") {
    ({ layout, types } = compileLayout(rest[0], (name) => kinds.get(name) === "color", variableType));
    rest = rest.slice(1);
  }
  if (rest.length !== 1)
    throw new TemplateError(
      rest[1]?.line ?? 1,
      "A template has exactly one root element (after the optional <variables> and <layout> blocks).",
    );
  const count = { elements: 0 };
  const root = compileElement(rest[0], { kinds, types, brand }, 0, count, 0);
  return { variables, ...(layout ? { layout } : {}), root };
}

interface Context {
  kinds: Map<string, VariableKind>;
  /** The names <layout> defines. */
  types: Map<string, ExprType>;
  brand: BrandNames;
}

function compileElement(
  element: MarkupElement,
  context: Context,
  depth: number,
  count: { elements: number },
  /** How many `each` enclose this element. */
  loops: number,
): CompiledElement {
  const { tag, line } = element;
  const { kinds, brand } = context;
  if (!TAGS.has(tag)) {
    const why = tag === "script" ? "Scripts are not allowed. " : "";
    throw new TemplateError(line, `${why}<${tag}> is not allowed; templates may use div, span, p and img.`);
  }
  if (++count.elements > STUDIO_LIMITS.maxElements)
    throw new TemplateError(line, `More than ${STUDIO_LIMITS.maxElements} elements.`);
  if (depth > STUDIO_LIMITS.maxDepth)
    throw new TemplateError(line, `Elements nest more than ${STUDIO_LIMITS.maxDepth} deep.`);
  const out: CompiledElement = { tag: tag as CompiledElement["tag"], style: [], children: [], line };
  const each = element.attributes.find((a) => a.name === "each");
  const loopsHere = loops + (each ? 1 : 0);
  if (each && loopsHere > STUDIO_LIMITS.maxEachNesting)
    throw new TemplateError(
      each.line,
      `each="${each.value}" is inside ${loops} other loops; each nests at most ${STUDIO_LIMITS.maxEachNesting} deep.`,
    );
  const loop = loopsHere > 0;
  const kindOf = (name: string) => (name === "item" && loop ? "text" : kinds.get(name));
  const typeOf: TypeOf = (name) => typeOfKind(kindOf(name)) ?? context.types.get(name) ?? themeType(name);
  const expression = (source: string, at: number) => parseExpression(source, at, typeOf).expr;
  for (const a of element.attributes) {
    if (a.name.startsWith("on"))
      throw new TemplateError(a.line, `Event handler attributes (${a.name}) are not allowed.`);
    if (a.name === "style") out.style = parseStyle(a.value, a.line, kindOf, brand, typeOf);
    else if (a.name === "if") out.if = expression(a.value, a.line);
    else if (a.name === "limit") {
      const { expr, type } = parseExpression(a.value, a.line, typeOf);
      if (type !== "number") throw new TemplateError(a.line, `limit takes a number of items, not ${type}.`);
      out.limit = expr;
    } else if (a.name === "each") {
      if (kinds.get(a.value) !== "list")
        throw new TemplateError(a.line, `each="${a.value}" must name a list variable.`);
      out.each = a.value;
    } else if (tag === "img" && a.name === "src") {
      const own = brandRef(a.value.trim(), "image", brand, a.line);
      out.src = own ? { brand: own } : { variable: imageSlot(a.value, a.line, kinds) };
    } else if (tag === "img" && (a.name === "width" || a.name === "height")) {
      if (!/^\d{1,4}$/.test(a.value)) throw new TemplateError(a.line, `${a.name} must be a whole number of pixels.`);
      out[a.name] = Number(a.value);
    } else if (tag === "img" && a.name === "alt") continue;
    else throw new TemplateError(a.line, `The attribute ${a.name} is not allowed on <${tag}>.`);
  }
  if (tag === "img" && (!out.src || !out.width || !out.height))
    throw new TemplateError(line, "<img> needs src, width and height.");
  if (out.limit && !out.each) throw new TemplateError(line, 'limit goes with each="…".');
  for (const child of element.children as MarkupNode[]) {
    if (child.kind === "text") out.children.push({ text: textParts(child.text, child.line, kindOf, typeOf) });
    else out.children.push(compileElement(child, context, depth + 1, count, loopsHere));
  }
  return out;
}

/** An <img> src: only an image_url variable. Any literal URL would be fetched or leak. */
function imageSlot(value: string, line: number, kinds: Map<string, VariableKind>): string {
  const slot = /^\{\{\s*([a-z][a-zA-Z0-9_]*)\s*\}\}$/.exec(value.trim());
  if (!slot)
    throw new TemplateError(
      line,
      `External URLs are not allowed ("${value.slice(0, 60)}"); use an image_url variable (src="{{logo}}") or a brand-kit image (src="brand:logo").`,
    );
  const kind = kinds.get(slot[1]);
  if (!kind) throw new TemplateError(line, `{{${slot[1]}}} is not a declared variable.`);
  if (kind !== "image_url")
    throw new TemplateError(line, `src takes an image_url variable; {{${slot[1]}}} is ${kind}.`);
  return slot[1];
}

function textParts(
  text: string,
  line: number,
  kindOf: (name: string) => VariableKind | undefined,
  typeOf: TypeOf,
): Parts {
  const parts: Parts = [];
  let last = 0;
  for (const match of text.matchAll(/\{\{\s*([^}|]*?)\s*(?:\|\s*([^}]*?)\s*)?\}\}/g)) {
    const [, name, filter] = match;
    // The slot's own line (a text node may span several), so the editor marks the right one.
    const at = line + text.slice(0, match.index).split("\n").length - 1;
    if (filter !== undefined && !TEXT_FILTERS.includes(filter as TextFilter))
      throw new TemplateError(at, `"${filter.slice(0, 40)}" is not a text filter; use ${TEXT_FILTERS.join(", ")}.`);
    const kind = kindOf(name);
    if (!kind && filter === undefined && (!/^[a-z][a-zA-Z0-9_]*$/.test(name) || typeOf(name))) {
      // An expression ({{title ?? version}}, {{more}}): shown when it is a text or a number.
      const { expr, type } = parseExpression(name, at, typeOf);
      if (type !== "text" && type !== "number")
        throw new TemplateError(at, `{{${name.slice(0, 40)}}} is ${type} and cannot be shown as text.`);
      parts.push(text.slice(last, match.index), { expr });
      last = match.index + match[0].length;
      continue;
    }
    if (!kind) throw new TemplateError(at, `{{${name}}} is not a declared variable.`);
    if (kind !== "text" && kind !== "number")
      throw new TemplateError(at, `{{${name}}} is a ${kind} variable and cannot be shown as text.`);
    parts.push(
      text.slice(last, match.index),
      filter ? { variable: name, filter: filter as TextFilter } : { variable: name },
    );
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  if (parts.some((p) => typeof p === "string" && /\{\{|\}\}/.test(p)))
    throw new TemplateError(line, "Unbalanced {{ or }} in text.");
  return parts.filter((p) => p !== "");
}

/** The brand-kit names a compiled template uses, by kind (what a render must load). */
export function brandRefsOf(template: CompiledTemplate): { fonts: string[]; images: string[]; colors: string[] } {
  const fonts = new Set<string>();
  const images = new Set<string>();
  const colors = new Set<string>();
  const visit = (element: CompiledElement) => {
    if (element.src && "brand" in element.src) images.add(element.src.brand);
    for (const { value } of element.style) {
      for (const part of value)
        if (typeof part === "object" && "brand" in part) (part.brand === "font" ? fonts : colors).add(part.name);
    }
    for (const child of element.children) if (!("text" in child)) visit(child);
  };
  visit(template.root);
  return { fonts: [...fonts].sort(), images: [...images].sort(), colors: [...colors].sort() };
}
