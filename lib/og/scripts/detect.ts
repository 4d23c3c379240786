/**
 * Which text satori cannot draw correctly (D21). Satori lays text out glyph by glyph, left to
 * right, with no bidirectional algorithm and no OpenType shaping (vercel/satori#74): Arabic and
 * Hebrew come out reversed and Arabic unjoined, Indic conjuncts and Thai marks fall apart, and a
 * character no loaded font has becomes a "NO GLYPH" box. Such a card goes to the browser engine
 * (lib/og/scripts/chromium), which shapes with HarfBuzz and runs the bidi algorithm.
 */

export type ShapingNeed = "rtl" | "complex" | "missing-glyph";

export interface ScriptReport {
  /** Why satori is not enough, in order rtl, complex, missing-glyph; empty when it is. */
  needs: ShapingNeed[];
  /** Names of the scripts found that caused it (for the JSON metadata and logs). */
  scripts: string[];
}

type Range = readonly [number, number, string];

/** Right-to-left scripts (Unicode bidi class R/AL blocks). */
const RTL: readonly Range[] = [
  [0x0590, 0x05ff, "Hebrew"],
  [0x0600, 0x06ff, "Arabic"],
  [0x0700, 0x074f, "Syriac"],
  [0x0750, 0x077f, "Arabic"],
  [0x0780, 0x07bf, "Thaana"],
  [0x07c0, 0x07ff, "NKo"],
  [0x0860, 0x086f, "Syriac"],
  [0x0870, 0x08ff, "Arabic"],
  [0xfb1d, 0xfb4f, "Hebrew"],
  [0xfb50, 0xfdff, "Arabic"],
  [0xfe70, 0xfeff, "Arabic"],
];

/** Scripts whose letters change shape or reorder around each other (needs OpenType shaping). */
const COMPLEX: readonly Range[] = [
  [0x0900, 0x097f, "Devanagari"],
  [0x0980, 0x09ff, "Bengali"],
  [0x0a00, 0x0a7f, "Gurmukhi"],
  [0x0a80, 0x0aff, "Gujarati"],
  [0x0b00, 0x0b7f, "Oriya"],
  [0x0b80, 0x0bff, "Tamil"],
  [0x0c00, 0x0c7f, "Telugu"],
  [0x0c80, 0x0cff, "Kannada"],
  [0x0d00, 0x0d7f, "Malayalam"],
  [0x0d80, 0x0dff, "Sinhala"],
  [0x0e00, 0x0e7f, "Thai"],
  [0x0e80, 0x0eff, "Lao"],
  [0x0f00, 0x0fff, "Tibetan"],
  [0x1000, 0x109f, "Myanmar"],
  [0x1780, 0x17ff, "Khmer"],
  [0xa8e0, 0xa8ff, "Devanagari"],
];

const HANGUL: readonly Range[] = [
  [0x1100, 0x11ff, "Hangul"],
  [0x3130, 0x318f, "Hangul"],
  [0xa960, 0xa97f, "Hangul"],
  [0xac00, 0xd7af, "Hangul"],
  [0xd7b0, 0xd7ff, "Hangul"],
];

function scriptOf(cp: number, ranges: readonly Range[]): string | undefined {
  for (const [from, to, name] of ranges) if (cp >= from && cp <= to) return name;
  return undefined;
}

/**
 * Characters satori draws without a font: whitespace, controls, joiners and selectors, and
 * emoji (Twemoji pictures through loadAdditionalAsset).
 */
function drawnWithoutFont(cp: number): boolean {
  return (
    cp < 0x21 ||
    (cp >= 0x7f && cp <= 0xa0) ||
    (cp >= 0x200b && cp <= 0x200f) ||
    (cp >= 0xfe00 && cp <= 0xfe0f) ||
    (cp >= 0x1f000 && cp <= 0x1faff) ||
    (cp >= 0x2600 && cp <= 0x27bf) ||
    (cp >= 0xe0020 && cp <= 0xe007f) ||
    cp === 0x20e3
  );
}

/**
 * Scans every text of a card. `hasFont(cp)` says whether a font satori is given covers the code
 * point (lib/og/fonts); anything else that is not an emoji or a control is a missing glyph.
 */
export function scanScripts(texts: readonly string[], hasFont: (cp: number) => boolean): ScriptReport {
  const needs = new Set<ShapingNeed>();
  const scripts = new Set<string>();
  const seen = new Set<number>();
  for (const text of texts) {
    for (const char of text) {
      const cp = char.codePointAt(0)!;
      if (cp < 0x250 || seen.has(cp)) continue; // Latin and Latin Extended: Inter has them all
      seen.add(cp);
      const rtl = scriptOf(cp, RTL);
      if (rtl) {
        needs.add("rtl");
        scripts.add(rtl);
        continue;
      }
      const complex = scriptOf(cp, COMPLEX);
      if (complex) {
        needs.add("complex");
        scripts.add(complex);
        continue;
      }
      if (drawnWithoutFont(cp) || hasFont(cp)) continue;
      needs.add("missing-glyph");
      scripts.add(scriptOf(cp, HANGUL) ?? `U+${cp.toString(16).toUpperCase().padStart(4, "0")}`);
    }
  }
  const order: ShapingNeed[] = ["rtl", "complex", "missing-glyph"];
  return { needs: order.filter((n) => needs.has(n)), scripts: [...scripts].slice(0, 8) };
}
