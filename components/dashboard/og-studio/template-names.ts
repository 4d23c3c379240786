/**
 * What the editor can complete in a template (D21, D33 point 8): the names a template may use —
 * its declared variables inside `{{…}}` (and `item` in an `each` loop), and the brand kit's names
 * after `brand:`. Read from the draft as it is typed, without compiling it: a half-written
 * template still gets completions. The compiler (lib/og/account/compile.ts) stays the judge.
 */

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
 * The brand-kit names that fit where `brand:` is typed: fonts after `font-family:`, images in an
 * `src` attribute, colours anywhere else in a style.
 */
export function brandNamesFor(before: string, kit: BrandKitNames): TemplateName[] {
  if (/\bsrc\s*=\s*["']?\s*$/.test(before)) return kit.images.map((name) => ({ name, detail: "brand image" }));
  if (/font-family\s*:\s*$/.test(before)) return kit.fonts.map((name) => ({ name, detail: "brand font" }));
  return kit.colors.map((name) => ({ name, detail: "brand color" }));
}
