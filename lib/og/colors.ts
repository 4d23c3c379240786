/**
 * Colour values of OG template variables (hex, RGB or HSL: ARCHITECTURE.md#the-product-contract).
 *
 * Accepted: #rgb, #rgba, #rrggbb, #rrggbbaa, rgb()/rgba() and hsl()/hsla() in both the comma
 * form and the CSS Color 4 space form ("rgb(10 20 30 / 50%)"). Hex also without its "#": an
 * unencoded # starts the URL's fragment, so callers often drop it. Named colours and other CSS
 * functions are refused on purpose: the API documents exactly these notations, and accepting a
 * looser set would make cache keys and docs disagree about what a colour is.
 *
 * Components must be in range (D11: a bad colour is a 400 invalid_variable): rgb channels 0–255 or
 * 0%–100%, saturation and lightness 0%–100%, alpha 0–1 or 0%–100%. Unlike CSS, out-of-range values
 * are refused rather than clamped, so a typo such as rgb(300, 0, 0) is reported, not silently
 * drawn as another colour. The hue is an angle and may be any number.
 *
 * Parsed colours are turned into plain RGBA numbers so templates can derive readable text colours
 * from any background, and into one canonical string (#rrggbbaa) for cache keys and rendering.
 */

export interface Rgba {
  r: number; // 0–255
  g: number; // 0–255
  b: number; // 0–255
  a: number; // 0–1
}

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const FUNC = /^(rgba?|hsla?)\(\s*([^()]*)\)$/i;
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;

/** Parses a colour in one of the accepted notations; null when it is not one. */
export function parseColor(input: string): Rgba | null {
  const value = input.trim();
  if (value.length === 0 || value.length > 64) return null;
  if (value.startsWith("#") || HEX.test(value)) return parseHex(value);
  const match = FUNC.exec(value);
  if (!match) return null;
  const name = match[1].toLowerCase();
  const parts = splitArguments(match[2]);
  if (!parts) return null;
  return name.startsWith("rgb") ? parseRgb(parts) : parseHsl(parts);
}

function parseHex(value: string): Rgba | null {
  if (!HEX.test(value)) return null;
  let hex = value.replace(/^#/, "");
  if (hex.length <= 4) hex = [...hex].map((c) => c + c).join("");
  const n = (i: number) => parseInt(hex.slice(i, i + 2), 16);
  return { r: n(0), g: n(2), b: n(4), a: hex.length === 8 ? round(n(6) / 255, 4) : 1 };
}

/** Splits "a, b, c[, d]" or "a b c [/ d]" into 3 or 4 tokens; mixing the two forms is invalid. */
function splitArguments(body: string): string[] | null {
  const text = body.trim();
  if (text.includes(",")) {
    if (text.includes("/")) return null;
    const parts = text.split(",").map((p) => p.trim());
    return parts.length === 3 || parts.length === 4 ? parts : null;
  }
  const [main, alpha, ...rest] = text.split("/");
  if (rest.length > 0) return null;
  const parts = main.trim().split(/\s+/);
  if (parts.length !== 3) return null;
  if (alpha !== undefined) {
    if (alpha.trim() === "") return null;
    parts.push(alpha.trim());
  }
  return parts;
}

function parseNumber(token: string): number | null {
  return NUMBER.test(token) ? Number(token) : null;
}

/**
 * A number in 0–`max`, or a percentage in 0%–100% of `max`; null when malformed or out of range.
 * The range is checked on the value as written, before scaling, so 100% is exactly `max`.
 */
function parseScaled(token: string, max: number): number | null {
  const percent = token.endsWith("%");
  const n = parseNumber(percent ? token.slice(0, -1) : token);
  if (n === null || !(n >= 0 && n <= (percent ? 100 : max))) return null;
  return percent ? (n / 100) * max : n;
}

function parseAlpha(token: string | undefined): number | null {
  return token === undefined ? 1 : parseScaled(token, 1);
}

function parseRgb(parts: string[]): Rgba | null {
  const channels = parts.slice(0, 3).map((p) => parseScaled(p, 255));
  const a = parseAlpha(parts[3]);
  if (channels.some((c) => c === null) || a === null) return null;
  const [r, g, b] = channels.map((c) => Math.round(c as number));
  return { r, g, b, a: round(a, 4) };
}

const ANGLE = /^([+-]?(?:\d+(?:\.\d*)?|\.\d+))(deg|rad|grad|turn)?$/i;
const TO_DEGREES: Record<string, number> = { deg: 1, rad: 180 / Math.PI, grad: 0.9, turn: 360 };

function parseHsl(parts: string[]): Rgba | null {
  const angle = ANGLE.exec(parts[0]);
  if (!angle) return null;
  const hue = (((Number(angle[1]) * TO_DEGREES[(angle[2] ?? "deg").toLowerCase()]) % 360) + 360) % 360;
  // CSS requires the % sign on saturation and lightness in the legacy comma form; the modern
  // form allows bare numbers too, so both are accepted as percentages (0–100).
  const s = parseScaled(parts[1].endsWith("%") ? parts[1] : `${parts[1]}%`, 1);
  const l = parseScaled(parts[2].endsWith("%") ? parts[2] : `${parts[2]}%`, 1);
  const a = parseAlpha(parts[3]);
  if (s === null || l === null || a === null) return null;
  const [r, g, b] = hslToRgb(hue, s, l);
  return { r, g, b, a: round(a, 4) };
}

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const k = (n: number) => (n + h / 30) % 12;
  const chroma = s * Math.min(l, 1 - l);
  const f = (n: number) => l - chroma * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [f(0), f(8), f(4)].map((v) => Math.round(v * 255)) as [number, number, number];
}

const round = (n: number, digits: number) => Number(n.toFixed(digits));

/** The canonical form: lowercase #rrggbbaa. Equal colours give equal strings (cache keys). */
export function toHex({ r, g, b, a }: Rgba): string {
  const hex = (n: number) => Math.round(n).toString(16).padStart(2, "0");
  return `#${hex(r)}${hex(g)}${hex(b)}${hex(a * 255)}`;
}

/** A CSS colour both satori versions accept, with an optional extra opacity factor. */
export function css({ r, g, b, a }: Rgba, opacity = 1): string {
  return `rgba(${r}, ${g}, ${b}, ${round(a * opacity, 3)})`;
}

/** WCAG relative luminance of the colour as drawn over `backdrop` (alpha composited). */
export function luminance(color: Rgba, backdrop: Rgba = { r: 255, g: 255, b: 255, a: 1 }): number {
  const mixed = mix(backdrop, { ...color, a: 1 }, color.a);
  const lin = (c: number) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(mixed.r) + 0.7152 * lin(mixed.g) + 0.0722 * lin(mixed.b);
}

export function contrastRatio(a: Rgba, b: Rgba): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** Linear blend from `from` to `to` by t (0–1); alpha of the result is 1 unless both agree. */
export function mix(from: Rgba, to: Rgba, t: number): Rgba {
  const lerp = (x: number, y: number) => x + (y - x) * t;
  return {
    r: Math.round(lerp(from.r, to.r)),
    g: Math.round(lerp(from.g, to.g)),
    b: Math.round(lerp(from.b, to.b)),
    a: lerp(from.a, to.a),
  };
}
