/**
 * Fonts for the browser engine (D21), from the same npm packages as satori's plus the Noto
 * families for the scripts satori cannot shape: Arabic (and Persian/Urdu), Hebrew, Devanagari,
 * Thai and Korean. Handed to Chromium as @font-face rules with data: URLs — the page loads
 * nothing from the network — and only the subsets a card's text needs, so the page stays small.
 */
import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";
import { FONT_FAMILY, inRanges, packageDir, readSubsets, WEIGHTS, type Subset } from "@/lib/og/fonts";

interface Family {
  pkg: string;
  /** fontsource's file prefix. */
  file: string;
  /** CSS family name of its faces. */
  name: string;
  /** Which of its subsets to offer (the Latin ones duplicate Inter). */
  keep: (subsetId: string) => boolean;
}

/** In fallback order: Inter first (the cards' face), then each script's Noto family. */
const FAMILIES: readonly Family[] = [
  { pkg: "@fontsource/inter", file: "inter", name: FONT_FAMILY, keep: () => true },
  {
    pkg: "@fontsource/noto-sans-arabic",
    file: "noto-sans-arabic",
    name: "Glance Noto Arabic",
    keep: (id) => id === "arabic",
  },
  {
    pkg: "@fontsource/noto-sans-hebrew",
    file: "noto-sans-hebrew",
    name: "Glance Noto Hebrew",
    keep: (id) => id === "hebrew",
  },
  {
    pkg: "@fontsource/noto-sans-devanagari",
    file: "noto-sans-devanagari",
    name: "Glance Noto Devanagari",
    keep: (id) => id === "devanagari",
  },
  { pkg: "@fontsource/noto-sans-thai", file: "noto-sans-thai", name: "Glance Noto Thai", keep: (id) => id === "thai" },
  { pkg: "@fontsource/noto-sans-kr", file: "noto-sans-kr", name: "Glance Noto KR", keep: (id) => /^\d+$/.test(id) },
  { pkg: "@fontsource/noto-sans-jp", file: "noto-sans-jp", name: "Glance Noto JP", keep: (id) => /^\d+$/.test(id) },
];

/** The font-family list the browser engine gives every element that asks for FONT_FAMILY. */
export const BROWSER_FONT_STACK = [...FAMILIES.map((f) => `"${f.name}"`), `"Noto Color Emoji"`, "sans-serif"].join(
  ", ",
);

let subsets: Array<{ family: Family; subset: Subset }> | undefined;
const dataUrls = new Map<string, string>();

function allSubsets() {
  subsets ??= FAMILIES.flatMap((family) =>
    readSubsets(family.pkg, family.file, 400)
      .filter((s) => family.keep(s.id))
      .map((subset) => ({ family, subset })),
  );
  return subsets;
}

function dataUrl(family: Family, subsetId: string, weight: number): string {
  const file = `${family.file}-${subsetId}-${weight}-normal.woff2`;
  let url = dataUrls.get(file);
  if (!url) {
    url = `data:font/woff2;base64,${readFileSync(path.join(packageDir(family.pkg), "files", file)).toString("base64")}`;
    if (dataUrls.size > 400) dataUrls.clear(); // bounded: every Korean and Japanese subset would be ~60 MB
    dataUrls.set(file, url);
  }
  return url;
}

/** @font-face rules for the subsets (both weights) whose ranges hold a character of `texts`. */
export function fontFaceCss(texts: readonly string[]): string {
  const codePoints = new Set<number>();
  for (const text of texts) for (const char of text) codePoints.add(char.codePointAt(0)!);
  codePoints.add(0x41); // Inter Latin always: the cards' digits and punctuation
  const rules: string[] = [];
  for (const { family, subset } of allSubsets()) {
    // Inter has all of Latin: another family's subset is wanted only for what Inter lacks.
    const wanted = family.name === FONT_FAMILY ? [...codePoints] : [...codePoints].filter((cp) => cp >= 0x250);
    if (!wanted.some((cp) => inRanges(cp, subset.ranges))) continue;
    const range = subset.ranges
      .map(([a, b]) => (a === b ? `U+${a.toString(16)}` : `U+${a.toString(16)}-${b.toString(16)}`))
      .join(",");
    for (const weight of WEIGHTS) {
      rules.push(
        `@font-face{font-family:"${family.name}";font-style:normal;font-weight:${weight};font-display:block;src:url(${dataUrl(family, subset.id, weight)}) format("woff2");unicode-range:${range}}`,
      );
    }
  }
  return rules.join("\n");
}
