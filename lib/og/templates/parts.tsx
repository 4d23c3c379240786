/**
 * Building blocks shared by the templates. Only CSS that both satori 0.63 (our renderer) and the
 * satori inside next/og's ImageResponse draw the same way is used, so every card is also a valid
 * `new ImageResponse(<Card />)` element (the benchmark renders it both ways). `boxSizing` is
 * always explicit: the two satori versions default differently.
 */
import type { CSSProperties, ReactElement, ReactNode } from "react";
import type { Theme } from "@/lib/og/templates/theme";
import { px } from "@/lib/og/templates/theme";
import type { Fitted } from "@/lib/og/templates/fit";
import { glowImage, type GlowCorner } from "@/lib/og/templates/glow";

/** What a template component receives: validated variables and fetched images (data URIs). */
export interface TemplateProps {
  theme: Theme;
  text: Readonly<Record<string, string>>;
  lists: Readonly<Record<string, readonly string[]>>;
  images: Readonly<Record<string, string>>;
}

export type TemplateComponent = (props: TemplateProps) => ReactElement;

export const box: CSSProperties = { display: "flex", boxSizing: "border-box" };

/** A row of fixed size with its items centred vertically (a byline, a badge). */
export const fixedRow: CSSProperties = { ...box, alignItems: "center", flexShrink: 0 };

/**
 * The canvas: background colour with a soft accent glow from one corner, content padded inside.
 * Nothing in the cards uses `overflow: hidden` on large boxes: satori draws it as canvas-sized SVG
 * masks, and masks (like radial gradients, see glow.ts) make big canvases slow to rasterize.
 */
export function Frame({
  theme: t,
  children,
  glow = "top-right",
}: {
  theme: Theme;
  children: ReactNode;
  glow?: GlowCorner;
}) {
  return (
    <div
      style={{
        ...box,
        flexDirection: "column",
        width: "100%",
        height: "100%",
        padding: `${t.padY}px ${t.padX}px`,
        backgroundColor: t.bg,
        backgroundImage: `url(${glowImage(t.glow.color, t.glow.opacity, glow, t.width / t.height)})`,
        backgroundSize: "100% 100%",
        backgroundRepeat: "no-repeat",
        fontFamily: t.font,
        color: t.fg,
      }}
    >
      {children}
    </div>
  );
}

/** Text sized by fitText and clamped by satori (the clamp is what guarantees the box). */
export function FittedText({
  text,
  fit,
  lineHeight,
  style,
}: {
  text: string;
  fit: Fitted;
  lineHeight: number;
  style?: CSSProperties;
}) {
  return (
    <div
      style={{
        display: "block",
        boxSizing: "border-box",
        width: "100%",
        fontSize: fit.fontSize,
        lineHeight,
        // lineClamp alone bounds the text (no overflow clip: see Frame on why masks are avoided).
        lineClamp: fit.clamp,
        ...style,
      }}
    >
      {text}
    </div>
  );
}

/**
 * One line of text that ends in an ellipsis when too long. `lineClamp: 1` rather than
 * `whiteSpace: nowrap` + `overflow: hidden`: same result, without an SVG mask (see Frame).
 */
export function OneLine({ text, size, style }: { text: string; size: number; style?: CSSProperties }) {
  return (
    <div
      style={{
        display: "block",
        boxSizing: "border-box",
        fontSize: size,
        lineHeight: 1.25,
        lineClamp: 1,
        maxWidth: "100%",
        ...style,
      }}
    >
      {text}
    </div>
  );
}

/** A short accent bar: the cards' brand mark. */
export function AccentMark({ theme: t }: { theme: Theme }) {
  return (
    <div
      style={{
        width: px(72 * t.u, 8),
        height: px(10 * t.u, 2),
        borderRadius: px(5 * t.u, 1),
        backgroundColor: t.accent,
        flexShrink: 0,
      }}
    />
  );
}

/** Title sizes shared by the templates, as multiples of the theme unit. */
export const TITLE_LINE_HEIGHT = 1.12;
export const BODY_LINE_HEIGHT = 1.4;

/** The column under a card's mark or header that takes the rest of the height, its content centred. */
export function CenteredColumn({ marginTop, children }: { marginTop: number; children: ReactNode }) {
  return (
    <div
      style={{
        ...box,
        flexDirection: "column",
        flexGrow: 1,
        justifyContent: "center",
        marginTop,
        minHeight: 0,
      }}
    >
      {children}
    </div>
  );
}

/** A card's bold title, fitted by fitText, its letters drawn together by `tracking` × its size. */
export function FittedTitle({ text, fit, tracking }: { text: string; fit: Fitted; tracking: number }) {
  return (
    <FittedText
      text={text}
      fit={fit}
      lineHeight={TITLE_LINE_HEIGHT}
      style={{ fontWeight: 700, letterSpacing: `${tracking * fit.fontSize}px` }}
    />
  );
}

/** The first letters of a name's first two words, upper-cased ("Ada Lovelace" → "AL"): an avatar's stand-in. */
export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => [...word][0]!.toUpperCase())
    .join("");
}
