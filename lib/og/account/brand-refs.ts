/**
 * Brand-kit references in account templates (D21): `brand:<name>` in a style or an image source,
 * checked on save against the names the account's kit holds.
 */
import { TemplateError } from "@/lib/og/account/markup";

/** The names in an account's brand kit, by kind: what `brand:<name>` may refer to on save. */
export interface BrandNames {
  fonts: ReadonlySet<string>;
  images: ReadonlySet<string>;
  colors: ReadonlySet<string>;
}

export const NO_BRAND: BrandNames = { fonts: new Set(), images: new Set(), colors: new Set() };
/** A brand reference: `brand:` and a brand-kit name (lowercase letters, digits, hyphens). */
const BRAND_REF = /^brand:([a-z][a-z0-9-]{0,31})$/;
const BRAND_KINDS = { color: "colors", font: "fonts" } as const;

/** Checks `brand:<name>` against the account's kit; throws with the line when it has no such entry. */
export function brandRef(
  token: string,
  kind: "color" | "font" | "image",
  brand: BrandNames,
  line: number,
): string | null {
  const unquoted = token.replace(/^"(.*)"$|^'(.*)'$/, "$1$2");
  const match = BRAND_REF.exec(unquoted);
  if (!match) {
    if (unquoted.startsWith("brand:"))
      throw new TemplateError(
        line,
        `"${unquoted.slice(0, 40)}" is not a brand-kit name: brand: then lowercase letters, digits and hyphens.`,
      );
    return null;
  }
  const names = kind === "image" ? brand.images : brand[BRAND_KINDS[kind]];
  if (!names.has(match[1])) {
    const known = [...names].sort().join(", ");
    throw new TemplateError(
      line,
      `Your brand kit has no ${kind} named "${match[1]}"${known ? ` (it has: ${known})` : ""}. Add it on the Brand kit page.`,
    );
  }
  return match[1];
}
