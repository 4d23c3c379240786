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
 */
import { brandRef, NO_BRAND, type BrandNames } from "@/lib/og/account/brand-refs";
import { parseStyle, type Declaration, type VariableKind } from "@/lib/og/account/css";
import { parseMarkup, TemplateError, type MarkupElement, type MarkupNode } from "@/lib/og/account/markup";

export { TemplateError };

export const STUDIO_LIMITS = {
  sourceMaxChars: 20_000,
  maxElements: 300,
  maxDepth: 24,
  maxVariables: 30,
  nameMaxChars: 40,
} as const;

const VARIABLE_KINDS: readonly VariableKind[] = ["text", "color", "image_url", "list", "number"];
/** Query parameters of /v1/og and the loop variable: never usable as variable names. */
const RESERVED = new Set([
  "template",
  "format",
  "width",
  "height",
  "quality",
  "response",
  "api_key",
  "item",
  "signature",
  "expires",
]);
// Letters, digits and _: camelCase too, so a duplicate of a built-in takes its bgColor (D33 point 8).
const VARIABLE_NAME = /^[a-z][a-zA-Z0-9_]*$/;

export interface DeclaredVariable {
  name: string;
  type: VariableKind;
  required: boolean;
  /** Raw default, as a query value would be written (lists: items separated by "|"). */
  default?: string;
  description: string;
  /** Where it is declared, for errors about its default. */
  line: number;
}

/**
 * Text with variable slots: ["Hello ", { variable: "name" }]. `{{author | initials}}` shows the
 * first letters of the value's first two words ("Ada Lovelace" → "AL"), as blog-post's avatar
 * stand-in does (D33 point 8).
 */
export type Parts = Array<string | { variable: string; filter?: TextFilter }>;

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
  children: Array<CompiledElement | { text: Parts }>;
  line: number;
}

export interface CompiledTemplate {
  variables: DeclaredVariable[];
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
  if (elements[0]?.tag === "variables") {
    variables = declarations(elements[0]);
    rest = elements.slice(1);
  }
  if (rest.length !== 1)
    throw new TemplateError(
      rest[1]?.line ?? 1,
      "A template has exactly one root element (after the optional <variables> block).",
    );
  const kinds = new Map(variables.map((v) => [v.name, v.type]));
  const count = { elements: 0 };
  const root = compileElement(rest[0], { kinds, brand }, 0, count, false);
  return { variables, root };
}

function attribute(element: MarkupElement, name: string): string | undefined {
  return element.attributes.find((a) => a.name === name)?.value;
}

function declarations(block: MarkupElement): DeclaredVariable[] {
  const out: DeclaredVariable[] = [];
  for (const node of block.children) {
    if (node.kind === "text")
      throw new TemplateError(node.line, 'Only declarations such as <text name="title" /> belong in <variables>.');
    const type = node.tag as VariableKind;
    if (!VARIABLE_KINDS.includes(type))
      throw new TemplateError(node.line, `<${node.tag}> is not a variable type; use ${VARIABLE_KINDS.join(", ")}.`);
    for (const a of node.attributes) {
      if (!["name", "default", "required", "description"].includes(a.name))
        throw new TemplateError(
          a.line,
          `A variable declaration takes name, default, required and description, not ${a.name}.`,
        );
    }
    const name = attribute(node, "name") ?? "";
    if (!VARIABLE_NAME.test(name) || name.length > STUDIO_LIMITS.nameMaxChars) {
      throw new TemplateError(
        node.line,
        `"${name}" is not a valid variable name: letters, digits and _, starting with a lowercase letter.`,
      );
    }
    if (RESERVED.has(name)) throw new TemplateError(node.line, `"${name}" is reserved (a parameter of /v1/og).`);
    if (out.some((v) => v.name === name)) throw new TemplateError(node.line, `The variable ${name} is declared twice.`);
    const fallback = attribute(node, "default");
    out.push({
      name,
      type,
      required: attribute(node, "required") !== undefined,
      ...(fallback !== undefined ? { default: fallback } : {}),
      description: attribute(node, "description") ?? "",
      line: node.line,
    });
  }
  if (out.length > STUDIO_LIMITS.maxVariables)
    throw new TemplateError(block.line, `At most ${STUDIO_LIMITS.maxVariables} variables.`);
  return out;
}

interface Context {
  kinds: Map<string, VariableKind>;
  brand: BrandNames;
}

function compileElement(
  element: MarkupElement,
  context: Context,
  depth: number,
  count: { elements: number },
  inLoop: boolean,
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
  const kindOf = (name: string) => (name === "item" && inLoop ? "text" : kinds.get(name));
  const out: CompiledElement = { tag: tag as CompiledElement["tag"], style: [], children: [], line };
  let loop = inLoop;
  for (const a of element.attributes) {
    if (a.name.startsWith("on"))
      throw new TemplateError(a.line, `Event handler attributes (${a.name}) are not allowed.`);
    if (a.name === "style") out.style = parseStyle(a.value, a.line, kindOf, brand);
    else if (a.name === "each") {
      if (kinds.get(a.value) !== "list")
        throw new TemplateError(a.line, `each="${a.value}" must name a list variable.`);
      out.each = a.value;
      loop = true;
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
  for (const child of element.children as MarkupNode[]) {
    if (child.kind === "text")
      out.children.push({
        text: textParts(child.text, child.line, (name) => (name === "item" && loop ? "text" : kinds.get(name))),
      });
    else out.children.push(compileElement(child, context, depth + 1, count, loop));
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

function textParts(text: string, line: number, kindOf: (name: string) => VariableKind | undefined): Parts {
  const parts: Parts = [];
  let last = 0;
  for (const match of text.matchAll(/\{\{\s*([^}|]*?)\s*(?:\|\s*([^}]*?)\s*)?\}\}/g)) {
    const [, name, filter] = match;
    // The slot's own line (a text node may span several), so the editor marks the right one.
    const at = line + text.slice(0, match.index).split("\n").length - 1;
    if (filter !== undefined && !TEXT_FILTERS.includes(filter as TextFilter))
      throw new TemplateError(at, `"${filter.slice(0, 40)}" is not a text filter; use ${TEXT_FILTERS.join(", ")}.`);
    const kind = kindOf(name);
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
