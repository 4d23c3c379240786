/**
 * The browser engine of /v1/og (D21): the card's HTML (lib/og/scripts/html) set into a fresh,
 * guarded page from lib/browser — JavaScript off, nothing fetched (fonts and images are data:
 * URLs) — and screenshotted at exactly the card's size. Used only for text satori cannot shape.
 */
import "server-only";
import type { ReactElement } from "react";
import { Deadline, withPage } from "@/lib/browser";
import { BROWSER_FONT_STACK, fontFaceCss } from "@/lib/og/scripts/font-faces";
import { CLAMPED_ATTRIBUTE, cardHtml } from "@/lib/og/scripts/html";

export interface BrowserCardRequest {
  element: ReactElement;
  texts: readonly string[];
  /** Brand-kit fonts of an account template (D21), each under its own family name. */
  extraFonts?: ReadonlyArray<BrandFace>;
  width: number;
  height: number;
  /** Epoch ms by which the screenshot must be done (the request's render deadline). */
  deadlineAt: number;
  signal?: AbortSignal;
}

interface BrandFace {
  name: string;
  data: Buffer;
  weight: number;
  style: "normal" | "italic";
}

/**
 * @font-face rules for brand fonts; their family names are our own (hex), their bytes data: URLs.
 * A family of one file serves every weight as satori does; a variable font's static instances
 * (lib/og/brand-fonts) each serve their own weight and style.
 */
function brandFontFaces(fonts: ReadonlyArray<BrandFace>): string {
  const files = new Map<string, number>();
  for (const font of fonts) files.set(font.name, (files.get(font.name) ?? 0) + 1);
  return fonts
    .map((font) => {
      const single = files.get(font.name) === 1;
      const face = single
        ? "font-style:normal;font-weight:100 900"
        : `font-style:${font.style};font-weight:${font.weight}`;
      return `@font-face{font-family:"${font.name}";${face};font-display:block;src:url(data:application/octet-stream;base64,${font.data.toString("base64")})}`;
    })
    .join("");
}

/** The card as PNG bytes, drawn by Chromium. */
export async function renderInBrowser(req: BrowserCardRequest): Promise<Buffer> {
  const html = cardHtml(req.element, {
    width: req.width,
    height: req.height,
    fontFaces: fontFaceCss(req.texts) + brandFontFaces(req.extraFonts ?? []),
    fontStack: BROWSER_FONT_STACK,
  });
  const deadline = new Deadline(Math.max(1, req.deadlineAt - Date.now()), Date.now(), req.signal);
  return withPage(deadline, async ({ page }) => {
    await page.setJavaScriptEnabled(false);
    await page.setViewport({ width: req.width, height: req.height, deviceScaleFactor: 1 });
    await page.setContent(html, { waitUntil: "load", timeout: deadline.remaining() });
    // Every face is a data: URL, but decoding is still asynchronous: wait until all are ready.
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    // Only a clamp that hid lines clips its box (satori ends such text in an ellipsis too); one
    // that did not keeps the marks that reach above and below its lines.
    await page.evaluate((attribute: string) => {
      for (const element of document.querySelectorAll<HTMLElement>(`[${attribute}]`)) {
        // A hidden line adds a whole line height; glyphs reaching past the lines add a few px.
        const lineHeight = parseFloat(getComputedStyle(element).lineHeight) || 0;
        if (element.scrollHeight > element.clientHeight + lineHeight / 2) element.style.overflow = "hidden";
      }
    }, CLAMPED_ATTRIBUTE);
    const png = await page.screenshot({
      type: "png",
      clip: { x: 0, y: 0, width: req.width, height: req.height },
      omitBackground: true,
      captureBeyondViewport: false,
    });
    return Buffer.from(png);
  });
}
