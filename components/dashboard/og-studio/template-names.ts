/**
 * What the editor can complete in a template (D21, D33 point 8): the names a template may use —
 * its declared variables inside `{{…}}` (and `item` in an `each` loop), and the brand kit's names
 * after `brand:`, and inside `{{…}}` also the `<layout>` block's names, `theme.*` and the
 * functions (D33 point 8). Read from the draft as it is typed, without compiling it: a
 * half-written template still gets completions. The compiler (lib/og/account/compile.ts) stays
 * the judge.
 */
import { FIT_FIELDS, FUNCTIONS, THEME_COLORS, THEME_NUMBERS } from "@/lib/og/account/vocabulary";

/** The brand kit's names by kind, as the page hands them to the editor. */
export interface BrandKitNames {
  colors: readonly string[];
  fonts: readonly string[];
  images: readonly string[];
}

export interface TemplateName {
  name: string;
  /** What it is: a variable's type ("text", "color", …) or a brand-kit kind ("brand color", …). */
  detail: string;
}

const LAYOUT_ENTRY = /<(let|fit)\b[^>]*?\bname\s*=\s*"([a-z][a-zA-Z0-9_]*)"/g;
const DECLARATION = /<(text|color|image_url|list|number)\b[^>]*?\bname\s*=\s*"([a-z][a-zA-Z0-9_]*)"/g;

/** The variables the draft's `<variables>` block declares, in order, plus `item` when a loop exists. */
export function declaredVariables(source: string): TemplateName[] {
  const block = /<variables\b[^>]*>([\s\S]*?)(<\/variables>|$)/.exec(source)?.[1] ?? "";
  const out: TemplateName[] = [];
  for (const [, type, name] of block.matchAll(DECLARATION)) {
    if (!out.some((v) => v.name === name)) out.push({ name, detail: type });
  }
  if (/\beach\s*=\s*"/.test(source)) out.push({ name: "item", detail: "the list item, inside each" });
  return out;
}

/**
 * What else a `{{…}}` (or an `if`, a `<let>`, a `<fit>`) may use: the names the draft's
 * `<layout>` block defines (a `<fit>` by its fields, `head.size`), `theme.*` and the functions.
 */
export function expressionNames(source: string): TemplateName[] {
  const block = /<layout\b[^>]*>([\s\S]*?)(<\/layout>|$)/.exec(source)?.[1] ?? "";
  const out: TemplateName[] = [];
  for (const [, tag, name] of block.matchAll(LAYOUT_ENTRY)) {
    if (tag === "let") out.push({ name, detail: "layout value" });
    else out.push(...FIT_FIELDS.map((field) => ({ name: `${name}.${field}`, detail: "fitted text" })));
  }
  out.push(...THEME_COLORS.map((n) => ({ name: `theme.${n}`, detail: "theme colour" })));
  out.push(...THEME_NUMBERS.map((n) => ({ name: `theme.${n}`, detail: "theme number" })));
  out.push({ name: "theme.isDark", detail: "theme: a dark background" });
  out.push(...Object.entries(FUNCTIONS).map(([name, { detail }]) => ({ name: `${name}()`, detail })));
  return out;
}

/**
 * The brand-kit names that fit where `brand:` is typed: fonts after `font-family:`, images in an
 * `src` attribute, colours anywhere else in a style.
 */
export function brandNamesFor(before: string, kit: BrandKitNames): TemplateName[] {
  if (/\bsrc\s*=\s*["']?\s*$/.test(before)) return kit.images.map((name) => ({ name, detail: "brand image" }));
  if (/font-family\s*:\s*$/.test(before)) return kit.fonts.map((name) => ({ name, detail: "brand font" }));
  return kit.colors.map((name) => ({ name, detail: "brand color" }));
}
