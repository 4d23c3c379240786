/**
 * The language a tagged PDF declares (/Lang in the catalogue), which screen readers use to pick
 * a voice. Chromium writes the page's `lang` when the <html> element has one, and otherwise its
 * own locale (en-US): a Japanese XHTML page declaring only `xml:lang`, or none, is announced as
 * English. So the language is the page's `lang`, else its `xml:lang`, else the caller's `locale`
 * (the language the page was asked for); Chromium's value stays only when none of them is known.
 * The catalogue is rewritten with pdf-lib only when that language differs from what Chromium wrote.
 */
import { PDFDocument } from "pdf-lib";
import type { Page } from "puppeteer-core";

/** The page's declared language (lang, then xml:lang on the root element), or "". */
export async function declaredLanguage(page: Page): Promise<string> {
  return page.evaluate(() => {
    const root = document.documentElement;
    return (root.getAttribute("lang") || root.getAttribute("xml:lang") || "").trim();
  });
}

/** The /Lang Chromium (Skia) wrote: Skia never compresses the catalogue, so it reads as text. */
export function writtenLanguage(bytes: Buffer): string | undefined {
  return /\/Lang\s*\(([^)]*)\)/.exec(bytes.toString("latin1"))?.[1];
}

export async function withLanguage(bytes: Buffer, language: string | undefined): Promise<Buffer> {
  if (!language || writtenLanguage(bytes) === language) return bytes;
  // updateMetadata false: Chromium's Producer, Creator and dates stay; no object streams, so the
  // dictionaries stay readable as text (countPdfPages).
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  doc.setLanguage(language);
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
