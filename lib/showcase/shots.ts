/**
 * The captures on the landing page (issue #20 point 4): what each one asks the screenshot engine
 * for. Made by this server from pages shipped in the repo (pages.ts) the first time
 * they are asked for, then kept (render.ts); served under /examples/shots/. Client-safe data.
 */

export type ShowcasePage = "store" | "store-with-consent" | "invoice";

export interface ShowcaseShot {
  file: string;
  page: ShowcasePage;
  /** The screenshot parameters, as a customer would send them (the page goes as `html`). */
  query: Record<string, string>;
  caption: string;
  alt: string;
}

export const SHOWCASE_SHOTS: readonly ShowcaseShot[] = [
  {
    file: "store-desktop.webp",
    page: "store",
    query: { width: "1280", height: "800", format: "webp" },
    caption: "Desktop, 1280 × 800",
    alt: "The sample store captured at desktop size",
  },
  {
    file: "store-phone.webp",
    page: "store",
    query: { device: "iphone-15", format: "webp" },
    caption: "device=iphone-15",
    alt: "The same store captured as an iPhone 15 sees it",
  },
  {
    file: "consent-shown.webp",
    page: "store-with-consent",
    query: { width: "1280", height: "800", format: "webp" },
    caption: "Without blockCookies",
    alt: "The store with a cookie consent banner covering its lower part",
  },
  {
    file: "consent-blocked.webp",
    page: "store-with-consent",
    query: { width: "1280", height: "800", format: "webp", blockCookies: "true" },
    caption: "blockCookies=true",
    alt: "The same store with the consent banner dismissed by Glance",
  },
  {
    file: "invoice.pdf",
    page: "invoice",
    query: {
      format: "pdf",
      pageSize: "a4",
      footerTemplate:
        '<div style="font-size:9px;width:100%;text-align:center">Page <span class="pageNumber"></span> of <span class="totalPages"></span></div>',
    },
    caption: "format=pdf",
    alt: "A sample invoice as a PDF",
  },
  {
    file: "invoice-preview.webp",
    page: "invoice",
    query: { width: "794", height: "1123", format: "webp", mediaType: "print" },
    caption: "mediaType=print",
    alt: "The sample invoice with its print styles",
  },
];

export function showcaseShot(file: string): ShowcaseShot | undefined {
  return SHOWCASE_SHOTS.find((shot) => shot.file === file);
}
