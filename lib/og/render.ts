/**
 * The OG renderer: template JSX → SVG with satori (fonts loaded once and kept, emoji from local
 * Twemoji files) → png/jpg/webp with sharp. No browser, no network: the only outside input is an
 * image_url variable, fetched through lib/og/images before layout.
 */
import "server-only";
import satori from "satori";
import type { ReactElement } from "react";
import { OUTPUT_FORMATS } from "@/lib/formats";
import { encodeOg } from "@/lib/og/encode";
import { OG_LIMITS, type OgTemplateName } from "@/lib/og/catalog";
import { facesOf, staticBrandFonts } from "@/lib/og/brand-fonts";
import { emojiDataUri, fontsFor, hasFontFor, type OgFont } from "@/lib/og/fonts";
import type { OgFormat } from "@/lib/og/params";
import { renderInBrowser } from "@/lib/og/scripts/chromium";
import { scanScripts, type ShapingNeed } from "@/lib/og/scripts/detect";
import type { LoadedBrand } from "@/lib/og/account/brand";
import type { CompiledTemplate } from "@/lib/og/account/compile";
import { buildStudioElement, literalTexts } from "@/lib/og/account/element";
import { TEMPLATE_COMPONENTS } from "@/lib/og/templates";
import { makeTheme } from "@/lib/og/templates/theme";
import type { OgVariables } from "@/lib/og/variables";

/** An account's template (lib/og/account), compiled when it was saved. */
interface StudioTemplateRef {
  name: string;
  compiled: CompiledTemplate;
  /** Its brand-kit assets (lib/og/account/brand.ts), already loaded. */
  brand?: LoadedBrand;
}

export interface OgRenderRequest {
  template: OgTemplateName | StudioTemplateRef;
  variables: OgVariables;
  /** image_url variables already fetched and inlined as data URIs (lib/og/images). */
  images?: Readonly<Record<string, string>>;
  width: number;
  height: number;
  format: OgFormat;
  quality: number;
}

/** Which engine drew the card and why (D21): part of the JSON metadata of a render. */
interface OgEngineReport {
  engine: "satori" | "chromium";
  /** Why satori was not enough (chromium only). */
  shaping?: ShapingNeed[];
  /** The scripts that caused it, e.g. ["Arabic"], ["Hangul"]. */
  scripts?: string[];
  /** Milliseconds the engine took, from element to encoded image. */
  engineMs: number;
}

export interface OgRendered {
  bytes: Buffer;
  width: number;
  height: number;
  contentType: string;
  engine: OgEngineReport;
}

/** The card as a React element, exactly what `new ImageResponse(element)` would also accept. */
export function buildElement(req: Omit<OgRenderRequest, "format" | "quality">): ReactElement {
  if (typeof req.template !== "string")
    return buildStudioElement(req.template.compiled, req.variables, req.images ?? {}, req.template.brand?.resolved, {
      width: req.width,
      height: req.height,
    });
  const theme = makeTheme(req.width, req.height, req.variables.colors);
  const Component = TEMPLATE_COMPONENTS[req.template];
  return Component({ theme, text: req.variables.text, lists: req.variables.lists, images: req.images ?? {} });
}

/** Every piece of text a card can show: what decides the engine and which font subsets it needs. */
function textsOf(req: Pick<OgRenderRequest, "template" | "variables">): string[] {
  const { variables } = req;
  const literal = typeof req.template === "string" ? [] : literalTexts(req.template.compiled);
  return [...Object.values(variables.text), ...Object.values(variables.lists).flat(), ...literal];
}

/** Laid-out box of an element, as satori reports it (`inspect` hook, used by tests). */
export interface LaidOutNode {
  left: number;
  top: number;
  width: number;
  height: number;
  type: string;
  props: Record<string, unknown>;
  textContent?: string;
}

export async function renderSvg(
  req: Omit<OgRenderRequest, "format" | "quality">,
  inspect?: (node: LaidOutNode) => void,
): Promise<string> {
  const element = buildElement(req);
  return satori(element, {
    width: req.width,
    height: req.height,
    fonts: withBrandFonts(fontsFor(textsOf(req)), await brandFontsOf(req, element)),
    onNodeDetected: inspect,
    // Only emoji reach here: fonts for every script we draw are chosen up front by fontsFor.
    loadAdditionalAsset: async (code: string, segment: string) => {
      if (code === "emoji") return emojiDataUri(segment) ?? [];
      return [];
    },
  });
}

/** A template's brand fonts with their faces: variable ones as static instances (lib/og/brand-fonts). */
interface BrandFontSet {
  /** The brand fingerprint and the faces: the same key, the same fonts. */
  key: string;
  fonts: OgFont[];
}

async function brandFontsOf(
  req: Pick<OgRenderRequest, "template">,
  element: ReactElement,
): Promise<BrandFontSet | undefined> {
  const brand: LoadedBrand | undefined = typeof req.template === "string" ? undefined : req.template.brand;
  if (!brand || brand.fonts.length === 0) return undefined;
  const faces = facesOf(element);
  const fonts = await staticBrandFonts(brand.fonts, faces);
  return { key: `${brand.fingerprint}|${faces.map((f) => `${f.weight}${f.style}`).join(",")}`, fonts };
}

// satori parses fonts once per fonts array: the same list and brand give the same array.
const brandLists = new WeakMap<OgFont[], Map<string, OgFont[]>>();

/** The service's fonts plus a template's brand-kit fonts (each under its own family name). */
function withBrandFonts(base: OgFont[], brand: BrandFontSet | undefined): OgFont[] {
  if (!brand) return base;
  let byBrand = brandLists.get(base);
  if (!byBrand) brandLists.set(base, (byBrand = new Map()));
  let list = byBrand.get(brand.key);
  if (!list) {
    if (byBrand.size > 100) byBrand.clear();
    byBrand.set(brand.key, (list = [...base, ...brand.fonts]));
  }
  return list;
}

/**
 * Satori for every card it can draw; Chromium for a card with text satori cannot shape or has no
 * glyph for (lib/og/scripts/detect), with the same element tree and layout. `deadlineAt` bounds
 * the browser path (a page slot may have to be waited for); satori is bounded by the caller.
 */
export async function renderOg(
  req: OgRenderRequest,
  signal?: AbortSignal,
  options: { deadlineAt?: number } = {},
): Promise<OgRendered> {
  const started = performance.now();
  const texts = textsOf(req);
  const scan = scanScripts(texts, hasFontFor);
  let bytes: Buffer;
  let engine: Omit<OgEngineReport, "engineMs">;
  if (scan.needs.length === 0) {
    const svg = await renderSvg(req);
    signal?.throwIfAborted();
    bytes = await encodeOg(svg, req.format, req.quality);
    engine = { engine: "satori" };
  } else {
    const deadlineAt = options.deadlineAt ?? Date.now() + OG_BROWSER_TIMEOUT_MS;
    const element = buildElement(req);
    const png = await renderInBrowser({
      element,
      texts,
      extraFonts: (await brandFontsOf(req, element))?.fonts ?? [],
      width: req.width,
      height: req.height,
      deadlineAt,
      signal,
    });
    signal?.throwIfAborted();
    bytes = await encodeOg(png, req.format, req.quality);
    engine = { engine: "chromium", shaping: scan.needs, scripts: scan.scripts };
  }
  const engineMs = Math.round(performance.now() - started);
  return {
    bytes,
    width: req.width,
    height: req.height,
    contentType: OUTPUT_FORMATS[req.format].mime,
    engine: { ...engine, engineMs },
  };
}

/** Budget of a browser render when the caller gives no deadline (tests, warm-up): the API's own. */
const OG_BROWSER_TIMEOUT_MS = OG_LIMITS.renderTimeoutMs;

/**
 * Renders one tiny card so satori's layout engine (WebAssembly), Inter and sharp are loaded before
 * the first real request, which otherwise pays ~0.5–5 s for them (more on a busy machine). Meant
 * for server start-up (instrumentation); safe to call more than once.
 */
export async function warmUpOgRenderer(): Promise<void> {
  const variables: OgVariables = { text: { title: "Warm-up" }, colors: {}, images: {}, lists: {} };
  await renderOg({ template: "default", variables, width: 100, height: 100, format: "png", quality: 80 });
}
