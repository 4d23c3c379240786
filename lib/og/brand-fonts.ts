/**
 * Variable brand fonts made static for the engines (D33 point 9). Satori draws a variable font at
 * its default instance whatever weight a card asks for, so each weight (and italic, where the font
 * has an `ital` or `slnt` axis) that a card uses is cut as a static instance by HarfBuzz's
 * instancer (hb-subset through subset-font, every glyph kept, every axis pinned) and handed to the
 * engines under the brand font's family name at that weight. Instances are kept per font and
 * location, so a busy template pays for one once per process. Static fonts pass through as they are.
 */
import "server-only";
import * as fontkit from "fontkit";
import type { ReactNode } from "react";
import subsetFont from "subset-font";
import type { OgFont } from "@/lib/og/fonts";

type Weight = NonNullable<OgFont["weight"]>;
type Style = OgFont["style"];

/** One face a card asks for: a CSS weight (100–900 in hundreds) and style. */
export interface FaceNeed {
  weight: Weight;
  style: Style;
}

interface Axis {
  min: number;
  default: number;
  max: number;
}
export type Axes = Readonly<Record<string, Axis>>;

/** The font's variation axes by tag (`wght`, `slnt`…), or null for a static font. */
export function variationAxesOf(data: Buffer): Axes | null {
  const axes = (fontkit.create(data) as { variationAxes?: Record<string, Axis> }).variationAxes ?? {};
  return Object.keys(axes).length > 0 ? axes : null;
}

const clamp = (value: number, axis: Axis) => Math.min(axis.max, Math.max(axis.min, value));

/** Whether the font can draw italic itself (an `ital` or `slnt` axis). */
const hasItalic = (axes: Axes) => "ital" in axes || "slnt" in axes;

/**
 * Where on the font's axes a face lies: every axis at its default (opsz, wdth… are not chosen
 * by a card), the weight clamped into the font's range, italic as CSS picks it — `ital` 1, else
 * `slnt` at -14° (CSS's oblique angle for italic), clamped.
 */
export function locationOf(axes: Axes, face: { weight: number; style: Style }): Record<string, number> {
  const location: Record<string, number> = {};
  for (const [tag, axis] of Object.entries(axes)) location[tag] = axis.default;
  if (axes.wght) location.wght = clamp(face.weight, axes.wght);
  if (face.style === "italic") {
    if (axes.ital) location.ital = clamp(1, axes.ital);
    else if (axes.slnt) location.slnt = clamp(-14, axes.slnt);
  }
  return location;
}

/** A static TrueType instance of a variable font at a location (all axes pinned). */
export async function instanceAt(data: Buffer, location: Record<string, number>): Promise<Buffer> {
  return subsetFont(data, null, { keepAllGlyphs: true, variationAxes: location, targetFormat: "truetype" });
}

interface FontFacts {
  axes: Axes | null;
  instances: Map<string, Promise<Buffer>>;
}
// By the font's bytes, which lib/og/account/brand.ts keeps as one Buffer per stored font: when
// its cache lets a font go, the instances go with it.
const facts = new WeakMap<Buffer, FontFacts>();

function factsOf(data: Buffer): FontFacts {
  let known = facts.get(data);
  if (!known) {
    let axes: Axes | null = null;
    try {
      axes = variationAxesOf(data);
    } catch {
      // Unreadable here: satori gets it as it was stored (the upload check parsed it).
    }
    facts.set(data, (known = { axes, instances: new Map() }));
  }
  return known;
}

function cachedInstance(known: FontFacts, data: Buffer, location: Record<string, number>): Promise<Buffer> {
  const key = JSON.stringify(location);
  let made = known.instances.get(key);
  if (!made) {
    made = instanceAt(data, location);
    // A failure is not kept: the next render tries again (and falls back meanwhile).
    made.catch(() => known.instances.delete(key));
    known.instances.set(key, made);
  }
  return made;
}

/**
 * The brand fonts to hand the engines for a card with these faces: a static font as it is, a
 * variable one as one static instance per face (and the regular face always, for text that
 * names no weight). A font the instancer fails on is handed over as it was stored.
 */
export async function staticBrandFonts(fonts: readonly OgFont[], needs: readonly FaceNeed[]): Promise<OgFont[]> {
  const faces = uniqueFaces([{ weight: 400, style: "normal" }, ...needs]);
  const out: OgFont[] = [];
  for (const font of fonts) {
    const known = factsOf(font.data);
    const axes = known.axes;
    if (!axes) {
      out.push(font);
      continue;
    }
    try {
      for (const face of faces) {
        if (face.style === "italic" && !hasItalic(axes)) continue;
        out.push({ ...font, ...face, data: await cachedInstance(known, font.data, locationOf(axes, face)) });
      }
    } catch {
      out.push(font);
    }
  }
  return out;
}

function uniqueFaces(faces: readonly FaceNeed[]): FaceNeed[] {
  const seen = new Map<string, FaceNeed>();
  for (const face of faces) seen.set(`${face.weight}:${face.style}`, face);
  return [...seen.values()];
}

/** A CSS font-weight as one of satori's nine weights; undefined when it is not one. */
function weightOf(value: unknown): Weight | undefined {
  const number = value === "normal" ? 400 : value === "bold" ? 700 : Number(value);
  if (!Number.isFinite(number)) return undefined;
  return (Math.min(9, Math.max(1, Math.round(number / 100))) * 100) as Weight;
}

/** Every weight and style a card's elements ask for (inheritance aside: a superset is fine). */
export function facesOf(node: ReactNode): FaceNeed[] {
  const weights = new Set<Weight>([400]);
  let italic = false;
  const visit = (n: ReactNode): void => {
    if (Array.isArray(n)) return n.forEach(visit);
    if (!n || typeof n !== "object" || !("props" in n)) return;
    const props = n.props as { style?: { fontWeight?: unknown; fontStyle?: unknown }; children?: ReactNode };
    const weight = weightOf(props.style?.fontWeight);
    if (weight) weights.add(weight);
    if (props.style?.fontStyle === "italic") italic = true;
    visit(props.children);
  };
  visit(node);
  const upright = [...weights].map((weight) => ({ weight, style: "normal" as const }));
  return italic ? [...upright, ...upright.map((f) => ({ ...f, style: "italic" as const }))] : upright;
}
