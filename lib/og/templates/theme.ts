/**
 * What every template shares: the scale unit that makes one design work from 100 to 4096 px on
 * each side, and a palette derived from the caller's accent and background so any combination
 * stays readable (text colour from the background's luminance, accent nudged until it contrasts).
 */
import { contrastRatio, css, luminance, mix, type Rgba } from "@/lib/og/colors";

/** Family name templates ask for; lib/og/fonts registers Inter Latin under it, the rest as fallbacks. */
export const FONT_FAMILY = "Inter";

const DEFAULT_BG: Rgba = { r: 11, g: 16, b: 32, a: 1 }; // deep navy
const DEFAULT_ACCENT: Rgba = { r: 99, g: 102, b: 241, a: 1 }; // indigo

const INK: Rgba = { r: 15, g: 23, b: 42, a: 1 };
const SNOW: Rgba = { r: 248, g: 250, b: 252, a: 1 };
const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 1 };

export interface Theme {
  width: number;
  height: number;
  /** 1 at the reference size 1200×630; every length in a template is a multiple of it. */
  u: number;
  padX: number;
  padY: number;
  font: string;
  bg: string;
  fg: string;
  muted: string;
  faint: string;
  /** Panels and rules: the text colour at low opacity, so it works on any background. */
  surface: string;
  border: string;
  accent: string;
  /** The accent as a text colour on the background (contrast ≥ 3:1). */
  accentText: string;
  /** Text drawn on an accent-filled badge. */
  onAccent: string;
  /** Colour and strength of the corner glow (lib/og/templates/glow). */
  glow: { color: Rgba; opacity: number };
  isDark: boolean;
}

export function makeTheme(width: number, height: number, colors: { accent?: Rgba; bgColor?: Rgba }): Theme {
  const bg = colors.bgColor ?? DEFAULT_BG;
  const accent = colors.accent ?? DEFAULT_ACCENT;
  // A translucent background is judged as it looks over white (PNG/WebP viewers, JPEG flattening).
  const opaqueBg = mix(WHITE, { ...bg, a: 1 }, bg.a);
  const isDark = luminance(opaqueBg) < 0.4;
  const fg = isDark ? SNOW : INK;
  const accentText = readable(accent, opaqueBg, fg);
  const onAccent = contrastRatio(WHITE, { ...accent, a: 1 }) >= 2.6 ? WHITE : INK;

  // The design is drawn for 1200×630; portrait canvases use the same design turned (630×1200),
  // so a tall card gets the same type sizes as a wide one of the same short side.
  const u = Math.min(Math.max(width, height) / 1200, Math.min(width, height) / 630);
  return {
    width,
    height,
    u,
    padX: Math.round(Math.min(88 * u, width * 0.08)),
    padY: Math.round(Math.min(76 * u, height * 0.1)),
    font: FONT_FAMILY,
    bg: css(bg),
    fg: css(fg),
    muted: css(fg, isDark ? 0.72 : 0.68),
    faint: css(fg, isDark ? 0.5 : 0.48),
    surface: css(fg, isDark ? 0.06 : 0.045),
    border: css(fg, isDark ? 0.12 : 0.1),
    accent: css(accent), // a translucent accent stays translucent where it is painted
    accentText: css(accentText),
    onAccent: css(onAccent),
    glow: { color: accent, opacity: isDark ? 0.34 : 0.2 },
    isDark,
  };
}

/** Mixes `color` toward `fg` until it reaches 3:1 contrast on `bg` (WCAG large text). */
function readable(color: Rgba, bg: Rgba, fg: Rgba): Rgba {
  const solid = { ...color, a: 1 };
  for (let t = 0; t <= 1.0001; t += 0.1) {
    const candidate = mix(solid, fg, t);
    if (contrastRatio(candidate, bg) >= 3) return candidate;
  }
  return fg;
}

/** Rounds a length to a whole pixel, at least `min` (hairlines must not vanish at 100 px). */
export const px = (n: number, min = 0) => Math.max(min, Math.round(n));
