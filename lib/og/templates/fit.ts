/**
 * Fitting text into a box before layout. Satori lays out text itself, but it cannot shrink a font
 * to fit, so templates pick the font size here from an estimate of Inter's glyph widths with
 * greedy word wrapping, then hand satori a line clamp as the hard limit: whatever the estimate
 * gets wrong, text never leaves its box (satori ends clamped text with an ellipsis).
 */

export interface FitOptions {
  /** Box the text must stay in, in px. */
  width: number;
  height: number;
  /** Largest and smallest font size to try, in px. */
  maxSize: number;
  minSize: number;
  lineHeight: number;
  bold?: boolean;
  /** Never more lines than this, even if they would fit. */
  maxLines?: number;
}

export interface Fitted {
  fontSize: number;
  /** Lines the text is estimated to take at fontSize (≤ clamp). */
  lines: number;
  /** Hard limit for satori's lineClamp. */
  clamp: number;
  /** Height the text takes: lines × line height. */
  height: number;
}

// Average advance widths of Inter in em, by character class (measured on Inter 4 regular/bold).
const NARROW = new Set("iIl1.,:;'|!jtf()[]{}\"`´-");
const WIDE = new Set("mwMW@%&—");

function isWideScript(cp: number): boolean {
  return (
    (cp >= 0x1100 && cp <= 0x11ff) || // Hangul Jamo
    (cp >= 0x2e80 && cp <= 0xa4cf) || // CJK radicals … Yi
    (cp >= 0xac00 && cp <= 0xd7a3) || // Hangul syllables
    (cp >= 0xf900 && cp <= 0xfaff) || // CJK compatibility ideographs
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xff60) || // full-width forms
    (cp >= 0x1f000 && cp <= 0x1faff) || // emoji and pictographs
    (cp >= 0x20000 && cp <= 0x3fffd) // CJK extensions
  );
}

/** Estimated width of one character in em. */
function charWidth(char: string, bold = false): number {
  const cp = char.codePointAt(0)!;
  let w: number;
  if (isWideScript(cp) || (cp >= 0x2600 && cp <= 0x27bf)) w = 1;
  else if (char === " ") w = 0.26;
  else if (NARROW.has(char)) w = 0.3;
  else if (WIDE.has(char)) w = 0.86;
  else if (char >= "A" && char <= "Z") w = 0.68;
  else if (char >= "0" && char <= "9") w = 0.6;
  else w = 0.56;
  return bold ? w * 1.05 : w;
}

const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });
// Text without combining marks, joiners, variation selectors or astral characters is one
// grapheme per UTF-16 unit: the common case, and much cheaper than Intl.Segmenter.
const SIMPLE =
  /^[\u0000-\u02ff\u0370-\u1aaf\u1c00-\u1dbf\u1e00-\u200b\u2010-\ud7ff\ue000-\ufdff\ufe10-\ufe1f\ufe30-\uffff]*$/;

/** User-perceived characters: an emoji sequence or a letter with its accents counts once. */
const graphemes = (text: string): string[] =>
  SIMPLE.test(text) ? text.split("") : Array.from(segmenter.segment(text), (s) => s.segment);

/** Width of a run of text in em. */
function textWidth(text: string, bold = false): number {
  let w = 0;
  for (const g of graphemes(text)) w += charWidth(g, bold);
  return w;
}

/**
 * Breaks text into words the way a browser would: at spaces, and between any two wide-script
 * characters (CJK has no spaces). Each token keeps its trailing space.
 */
function tokens(text: string): string[] {
  const out: string[] = [];
  let current = "";
  for (const g of graphemes(text)) {
    const wide = isWideScript(g.codePointAt(0)!);
    if (wide && current) {
      out.push(current);
      current = "";
    }
    current += g;
    if (g === " " || wide) {
      out.push(current);
      current = "";
    }
  }
  if (current) out.push(current);
  return out;
}

/** Number of lines `text` takes in a box `widthEm` wide (em of the font size), greedy wrap. */
export function countLines(text: string, widthEm: number, bold = false): number {
  if (!text) return 0;
  let lines = 1;
  let used = 0;
  for (const token of tokens(text)) {
    const w = textWidth(token.trimEnd(), bold);
    const space = token.endsWith(" ") ? charWidth(" ", bold) : 0;
    if (used > 0 && used + w > widthEm) {
      lines++;
      used = 0;
    }
    // A single word wider than the line breaks mid-word (satori wraps with overflow-wrap too).
    if (w > widthEm) {
      lines += Math.floor(w / widthEm);
      used = w % widthEm;
    } else {
      used += w;
    }
    used += space;
  }
  return lines;
}

/**
 * The largest font size in [minSize, maxSize] at which the text fits the box; at minSize the
 * text is clamped to the lines that fit. Sizes step down by ~4% so results are stable.
 */
export function fitText(text: string, o: FitOptions): Fitted {
  const maxLinesInBox = (size: number) => Math.max(1, Math.floor(o.height / (size * o.lineHeight) + 0.001));
  // Estimates are for the average glyph; leave 6% so a line of wide glyphs still fits.
  const usable = o.width * 0.94;
  let size = Math.max(o.minSize, o.maxSize);
  for (;;) {
    const limit = Math.min(maxLinesInBox(size), o.maxLines ?? Infinity);
    const lines = countLines(text, usable / size, o.bold);
    if (lines <= limit || size <= o.minSize) {
      const shown = Math.min(lines, limit);
      return { fontSize: round(size), lines: shown, clamp: limit, height: shown * size * o.lineHeight };
    }
    size = Math.max(o.minSize, size * 0.96);
  }
}

const round = (n: number) => Math.round(n * 100) / 100;
