/**
 * Fonts and emoji for OG rendering, all from npm packages installed with the project: nothing is
 * fetched at render time.
 *
 * - Inter (@fontsource/inter), regular and bold, every subset it ships (Latin, Latin Extended,
 *   Cyrillic, Greek, Vietnamese): small, so loaded at first use and kept.
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
const WEIGHTS: readonly FontWeight[] = [400, 700];

/** Satori's font entry (kept structural so this module does not depend on satori's types). */
export interface OgFont {
  name: string;
  data: Buffer;
  weight: FontWeight;
  style: "normal";
}

interface Subset {
  id: string;
  ranges: Array<[number, number]>;
}

/** Resolves package files from the project root, which also works inside Next.js server bundles. */
const requireFromRoot = createRequire(path.join(process.cwd(), "package.json"));
function packageDir(name: string): string {
  return path.dirname(requireFromRoot.resolve(`${name}/package.json`));
}

/** Reads the @font-face blocks of a fontsource weight stylesheet: subset id + unicode-range. */
function readSubsets(pkg: string, family: string, weight: FontWeight): Subset[] {
  const css = readFileSync(path.join(packageDir(pkg), `${weight}.css`), "utf8");
  const subsets: Subset[] = [];
  const face = new RegExp(`/\\* ${family}-(.+?)-${weight}-normal \\*/[^}]*?unicode-range:([^;]+);`, "g");
  for (const match of css.matchAll(face)) subsets.push({ id: match[1].replace(/^\[|\]$/g, ""), ranges: parseRanges(match[2]) });
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

const inRanges = (cp: number, ranges: Array<[number, number]>) => ranges.some(([a, b]) => cp >= a && cp <= b);

function fontFile(pkg: string, family: string, subset: string, weight: FontWeight): Buffer {
  // satori reads TTF/OTF/WOFF; fontsource's .woff files are the non-WOFF2 variants.
  return readFileSync(path.join(packageDir(pkg), "files", `${family}-${subset}-${weight}-normal.woff`));
}

interface FontState {
  base: OgFont[];
  baseRanges: Array<[number, number]>;
  cjk: Subset[];
  cjkFonts: Map<string, OgFont[]>;
  /** Font lists handed to satori, by subset set: the same array for the same need (satori caches per array). */
  lists: Map<string, OgFont[]>;
}

let state: FontState | undefined;

function fonts(): FontState {
  if (state) return state;
  const inter = readSubsets("@fontsource/inter", "inter", 400);
  const base: OgFont[] = [];
  // Latin first: it becomes "Inter" itself; other subsets are named fallbacks.
  const ordered = [...inter].sort((a, b) => Number(b.id === "latin") - Number(a.id === "latin"));
  for (const subset of ordered) {
    const name = subset.id === "latin" ? FONT_FAMILY : `${FONT_FAMILY} ${subset.id}`;
    for (const weight of WEIGHTS) {
      base.push({ name, data: fontFile("@fontsource/inter", "inter", subset.id, weight), weight, style: "normal" });
    }
  }
  // Noto Sans JP's numbered subsets hold the kana and kanji; its Latin/Cyrillic ones duplicate Inter.
  const cjk = readSubsets("@fontsource/noto-sans-jp", "noto-sans-jp", 400).filter((s) => /^\d+$/.test(s.id));
  state = { base, baseRanges: inter.flatMap((s) => s.ranges), cjk, cjkFonts: new Map(), lists: new Map() };
  return state;
}

function cjkFont(s: FontState, subset: Subset): OgFont[] {
  let loaded = s.cjkFonts.get(subset.id);
  if (!loaded) {
    loaded = WEIGHTS.map((weight) => ({
      name: `Noto Sans JP ${subset.id}`,
      data: fontFile("@fontsource/noto-sans-jp", "noto-sans-jp", subset.id, weight),
      weight,
      style: "normal" as const,
    }));
    s.cjkFonts.set(subset.id, loaded);
  }
  return loaded;
}

/** The fonts needed to draw `texts`: Inter always, plus the CJK subsets their characters need. */
export function fontsFor(texts: readonly string[]): OgFont[] {
  const s = fonts();
  const needed = new Set<Subset>();
  const seen = new Set<number>();
  for (const text of texts) {
    for (const char of text) {
      const cp = char.codePointAt(0)!;
      if (cp < 0x250 || seen.has(cp)) continue;
      seen.add(cp);
      if (inRanges(cp, s.baseRanges)) continue;
      const subset = s.cjk.find((c) => inRanges(cp, c.ranges));
      if (subset) needed.add(subset);
    }
  }
  if (needed.size === 0) return s.base;
  const ids = [...needed].map((n) => n.id).sort();
  const key = ids.join(",");
  let list = s.lists.get(key);
  if (!list) {
    list = [...s.base, ...[...needed].flatMap((subset) => cjkFont(s, subset))];
    // Bounded: a list is only an array of references to buffers that stay loaded anyway.
    if (s.lists.size > 500) s.lists.clear();
    s.lists.set(key, list);
  }
  return list;
}

/** Only Inter Latin, regular and bold (what the stock-renderer benchmark hands next/og). */
export function latinFonts(): OgFont[] {
  return fonts().base.filter((f) => f.name === FONT_FAMILY);
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
