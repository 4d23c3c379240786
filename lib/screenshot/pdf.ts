/**
 * format=pdf: Chromium's print-to-PDF with the caller's paper, margins, header/footer templates
 * (pageNumber/totalPages/date/title/url placeholders are Chromium's), background and scale.
 * fullPage prints the whole page on one sheet as wide as the viewport (D10 height cap).
 * Every PDF is tagged (Chromium's structure tree, /MarkInfo Marked, the page's <title> as /Title,
 * the page's language as /Lang: pdf-language.ts) with an outline from its headings unless outline=false;
 * pdfStandard=pdfa-2b then converts it (pdfa.ts). D19 "PDFs" says what each part guarantees.
 */
import type { Page, PDFOptions } from "puppeteer-core";
import type { Deadline } from "@/lib/browser";
import { FULL_PAGE_MAX_HEIGHT } from "@/lib/page/page-plan";
import { mmToCssPx, type PdfPlan } from "./plan";
import { declaredLanguage, withLanguage, writtenLanguage } from "./pdf-language";
import { convertToPdfA } from "./pdfa";

export interface PdfOutput {
  bytes: Buffer;
  /** Paper size in CSS px (D7). */
  width: number;
  height: number;
  pages: number;
}

/** Without a template Chromium prints its own date/title header; an empty span prints nothing. */
const EMPTY_TEMPLATE = "<span></span>";

export async function printPdf(
  page: Page,
  plan: PdfPlan,
  viewportWidth: number,
  contentHeight: number | undefined,
  deadline: Deadline,
): Promise<PdfOutput> {
  const { margin } = plan;
  let width: number;
  let height: number;
  if (plan.paper === "fit-content") {
    // One sheet: the viewport's width plus side margins, the (capped) page height plus top/bottom;
    // `scale` shrinks or grows the content, so the sheet follows it to keep the screen layout.
    width = Math.ceil(viewportWidth * plan.scale + mmToCssPx(margin.left + margin.right));
    const body = Math.min(contentHeight ?? 0, FULL_PAGE_MAX_HEIGHT) * plan.scale;
    height = Math.ceil(body + mmToCssPx(margin.top + margin.bottom));
  } else {
    ({ width, height } = plan.paper);
  }
  const headerFooter = Boolean(plan.headerTemplate || plan.footerTemplate);
  const options: PDFOptions = {
    // Explicit sizes (already oriented) rather than `format`+`landscape`, so fit-content and paper
    // sizes take one path and the reported size is exactly what was printed.
    width: `${width}px`,
    height: `${height}px`,
    margin: {
      top: `${margin.top}mm`,
      right: `${margin.right}mm`,
      bottom: `${margin.bottom}mm`,
      left: `${margin.left}mm`,
    },
    displayHeaderFooter: headerFooter,
    headerTemplate: headerFooter ? (plan.headerTemplate ?? EMPTY_TEMPLATE) : undefined,
    footerTemplate: headerFooter ? (plan.footerTemplate ?? EMPTY_TEMPLATE) : undefined,
    printBackground: plan.printBackground,
    scale: plan.scale,
    // Tagged: screen readers follow the page's structure; the header and footer templates are
    // printed outside it (unmarked content), so readers that follow the tags skip them.
    tagged: true,
    // The outline is built from the tags' headings (Chromium's generateDocumentOutline).
    outline: plan.outline,
    timeout: Math.max(1, deadline.remaining()),
  };
  const language = (await declaredLanguage(page)) || plan.locale;
  const printed = await withLanguage(Buffer.from(await page.pdf(options)), language);
  if (plan.standard !== "pdfa-2b") return { bytes: printed, width, height, pages: countPdfPages(printed) };
  // Ghostscript drops /Lang; the printed PDF's is set again on its output (PDF/A-2 allows it).
  const bytes = await withLanguage(await convertToPdfA(printed, deadline), writtenLanguage(printed));
  return { bytes, width, height, pages: countPdfPages(bytes) };
}

/**
 * Pages in a PDF Chromium (Skia) wrote: the page tree's root carries the total in /Count and
 * every /Pages node's count is at most the root's, so the largest /Count is the page count.
 * Skia never compresses dictionaries, so they are readable as text.
 */
export function countPdfPages(bytes: Buffer): number {
  const text = bytes.toString("latin1");
  let pages = 0;
  for (const match of text.matchAll(
    /\/Type\s*\/Pages\b[^>]*?\/Count\s+(\d+)|\/Count\s+(\d+)[^>]*?\/Type\s*\/Pages\b/g,
  )) {
    pages = Math.max(pages, Number(match[1] ?? match[2]));
  }
  if (pages === 0) pages = (text.match(/\/Type\s*\/Page\b/g) ?? []).length;
  return pages;
}
