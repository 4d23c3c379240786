/**
 * Fonts and emoji for OG rendering, all from npm packages installed with the project: nothing is
 * fetched at render time.
 *
 * - Inter (@fontsource/inter), regular and bold: Latin always; its other subsets (Latin Extended,
 *   Cyrillic, Greek, Vietnamese) when the text has characters from them.
 * - Noto Sans JP (@fontsource/noto-sans-jp) for CJK: fontsource splits it into ~120 unicode-range
 *   subsets per weight. Only the subsets a render's text needs are read, by code point, and kept
 *   once read; the parsed fonts are cached by satori per buffer, so each subset is parsed once.
 * - Emoji: Twemoji SVGs (@twemoji/svg), handed to satori as data URIs per grapheme.
 *
 * Satori picks one font per family name and weight and uses every other loaded font as a fallback,
 * so each subset gets its own family name; templates ask for `FONT_FAMILY` and the rest follow.
 */
import "server-only";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { FONT_FAMILY } from "@/lib/og/templates/theme";

export { FONT_FAMILY };

export type FontWeight = 400 | 700;
export const WEIGHTS: readonly FontWeight[] = [400, 700];

/** Satori's font entry (kept structural so this module does not depend on satori's types). */
export interface OgFont {
  name: string;
  data: Buffer;
  /** The service's own fonts are 400 and 700; brand fonts' static instances any of the nine (D33). */
  weight: 100 | 200 | 300 | 400 | 500 | 600 | 700 | 800 | 900;
  style: "normal" | "italic";
}

export interface Subset {
  id: string;
  ranges: Array<[number, number]>;
}

/** Resolves package files from the project root, which also works inside Next.js server bundles. */
const requireFromRoot = createRequire(path.join(process.cwd(), "package.json"));
export function packageDir(name: string): string {
  return path.dirname(requireFromRoot.resolve(`${name}/package.json`));
}

/** Reads the @font-face blocks of a fontsource weight stylesheet: subset id + unicode-range. */
export function readSubsets(pkg: string, family: string, weight: FontWeight): Subset[] {
  const css = readFileSync(path.join(packageDir(pkg), `${weight}.css`), "utf8");
  const subsets: Subset[] = [];
  const face = new RegExp(`/\\* ${family}-(.+?)-${weight}-normal \\*/[^}]*?unicode-range:([^;]+);`, "g");
  for (const match of css.matchAll(face))
    subsets.push({ id: match[1].replace(/^\[|\]$/g, ""), ranges: parseRanges(match[2]) });
  if (subsets.length === 0) throw new Error(`no font subsets found in ${pkg}/${weight}.css`);
  return subsets;
}

function parseRanges(spec: string): Array<[number, number]> {
  return spec.split(",").map((part) => {
    const [from, to] = part.trim().replace(/^U\+/i, "").split("-");
    if (from.includes("?")) return [parseInt(from.replace(/\?/g, "0"), 16), parseInt(from.replace(/\?/g, "f"), 16)];
    const start = parseInt(from, 16);
    return [start, to ? parseInt(to, 16) : start];
  });
}

export const inRanges = (cp: number, ranges: Array<[number, number]>) => ranges.some(([a, b]) => cp >= a && cp <= b);

function fontFile(pkg: string, family: string, subset: string, weight: FontWeight): Buffer {
  // satori reads TTF/OTF/WOFF; fontsource's .woff files are the non-WOFF2 variants.
  return readFileSync(path.join(packageDir(pkg), "files", `${family}-${subset}-${weight}-normal.woff`));
}

/** A subset of a family with its fonts (both weights), read from disk on first use. */
interface LoadedSubset extends Subset {
  key: string;
  load(): OgFont[];
}

interface FontState {
  /** Inter Latin: always passed to satori (it is FONT_FAMILY itself). */
  latin: OgFont[];
  latinRanges: Array<[number, number]>;
  /** Inter's other subsets first, then Noto Sans JP's numbered ones: searched in this order. */
  extra: LoadedSubset[];
  /** Font lists handed to satori, by subset set: the same array for the same need (satori caches per array). */
  lists: Map<string, OgFont[]>;
}

let state: FontState | undefined;

function lazySubset(pkg: string, family: string, name: string, subset: Subset): LoadedSubset {
  let fonts: OgFont[] | undefined;
  return {
    ...subset,
    key: `${family}:${subset.id}`,
    load: () =>
      (fonts ??= WEIGHTS.map((weight) => ({
        name,
        data: fontFile(pkg, family, subset.id, weight),
        weight,
        style: "normal" as const,
      }))),
  };
}

function fonts(): FontState {
  if (state) return state;
  const inter = readSubsets("@fontsource/inter", "inter", 400);
  const latin = inter.find((s) => s.id === "latin");
  if (!latin) throw new Error("@fontsource/inter has no latin subset");
  const latinFonts = WEIGHTS.map((weight) => ({
    name: FONT_FAMILY,
    data: fontFile("@fontsource/inter", "inter", "latin", weight),
    weight,
    style: "normal" as const,
  }));
  const extra = [
    ...inter
      .filter((s) => s !== latin)
      .map((s) => lazySubset("@fontsource/inter", "inter", `${FONT_FAMILY} ${s.id}`, s)),
    // Noto Sans JP's numbered subsets hold the kana and kanji; its Latin/Cyrillic ones duplicate Inter.
    ...readSubsets("@fontsource/noto-sans-jp", "noto-sans-jp", 400)
      .filter((s) => /^\d+$/.test(s.id))
      .map((s) => lazySubset("@fontsource/noto-sans-jp", "noto-sans-jp", `Noto Sans JP ${s.id}`, s)),
  ];
  state = { latin: latinFonts, latinRanges: latin.ranges, extra, lists: new Map() };
  return state;
}

/**
 * The fonts needed to draw `texts`: Inter Latin always, plus the subsets (Inter's Cyrillic,
 * Greek, Latin Extended…, Noto Sans JP's) that their characters need. Fewer fonts also means
 * less work for satori, which tries fallbacks in order for every run of text.
 */
export function fontsFor(texts: readonly string[]): OgFont[] {
  const s = fonts();
  const needed = new Set<LoadedSubset>();
  const seen = new Set<number>();
  for (const text of texts) {
    for (const char of text) {
      const cp = char.codePointAt(0)!;
      if (cp < 0x100 || seen.has(cp)) continue; // U+0000–00FF: all in Inter Latin
      seen.add(cp);
      if (inRanges(cp, s.latinRanges)) continue;
      const subset = s.extra.find((c) => inRanges(cp, c.ranges));
      if (subset) needed.add(subset);
    }
  }
  if (needed.size === 0) return s.latin;
  const ordered = s.extra.filter((subset) => needed.has(subset));
  const key = ordered.map((n) => n.key).join(",");
  let list = s.lists.get(key);
  if (!list) {
    list = [...s.latin, ...ordered.flatMap((subset) => subset.load())];
    // Bounded: a list is only an array of references to buffers that stay loaded anyway.
    if (s.lists.size > 500) s.lists.clear();
    s.lists.set(key, list);
  }
  return list;
}

/** Whether any font satori is given (Inter's subsets, Noto Sans JP's) covers the code point. */
export function hasFontFor(cp: number): boolean {
  const s = fonts();
  return cp < 0x100 || inRanges(cp, s.latinRanges) || s.extra.some((subset) => inRanges(cp, subset.ranges));
}

/** Only Inter Latin, regular and bold (what the stock-renderer benchmark hands next/og). */
export function latinFonts(): OgFont[] {
  return fonts().latin;
}

const emojiCache = new Map<string, string | null>();
const ZWJ = "\u200d";

/**
 * Twemoji's file name for a grapheme: code points in hex joined by "-", without the FE0F
 * variation selector unless the sequence contains a zero-width joiner (Twemoji's own rule).
 */
function twemojiNames(grapheme: string): string[] {
  const hex = (s: string) => [...s].map((c) => c.codePointAt(0)!.toString(16)).join("-");
  const withoutVs = grapheme.replace(/\ufe0f/g, "");
  const names = grapheme.includes(ZWJ) ? [hex(grapheme), hex(withoutVs)] : [hex(withoutVs), hex(grapheme)];
  return [...new Set(names)];
}

/** The emoji as an SVG data URI, or null when Twemoji has no picture for it. */
export function emojiDataUri(grapheme: string): string | null {
  const cached = emojiCache.get(grapheme);
  if (cached !== undefined) return cached;
  const dir = packageDir("@twemoji/svg");
  let uri: string | null = null;
  for (const name of twemojiNames(grapheme)) {
    if (!/^[0-9a-f-]+$/.test(name)) continue;
    const file = path.join(dir, `${name}.svg`);
    if (existsSync(file)) {
      uri = `data:image/svg+xml;base64,${readFileSync(file).toString("base64")}`;
      break;
    }
  }
  if (emojiCache.size < 5000) emojiCache.set(grapheme, uri);
  return uri;
}
