/**
 * The real-pages benchmark's pages (#26 point 2, D30): fourteen HTML documents that Debian
 * documentation packages ship — Sphinx (Flask, Requests), DocBook (the Debian Reference in
 * English, German, French, Japanese and both Chinese scripts), AsciiDoc (git) and Texinfo
 * (diffutils) — written by nobody here, installed by the bench and served on loopback
 * (tests/support/debian-docs.ts). And how two captures of one page are compared: the share of
 * pixels pixelmatch finds alike.
 */
import pixelmatch from "pixelmatch";
import sharp from "sharp";

export const REAL_PAGE_PACKAGES = [
  "python-flask-doc",
  "python-requests-doc",
  "debian-reference-en",
  "debian-reference-de",
  "debian-reference-fr",
  "debian-reference-ja",
  "debian-reference-zh-cn",
  "debian-reference-zh-tw",
  "git-doc",
  "diffutils-doc",
] as const;

/** Name → path on the docs server (/doc → /usr/share/doc, /debian-reference → /usr/share/debian-reference). */
export const REAL_PAGES: Record<string, string> = {
  flaskQuickstart: "/doc/python-flask-doc/html/quickstart.html",
  flaskTutorialViews: "/doc/python-flask-doc/html/tutorial/views.html",
  requestsQuickstart: "/doc/python-requests-doc/html/user/quickstart.html",
  requestsAdvanced: "/doc/python-requests-doc/html/user/advanced.html",
  debianReferenceEn: "/debian-reference/ch03.en.html",
  debianReferenceDe: "/debian-reference/ch05.de.html",
  debianReferenceFr: "/debian-reference/ch06.fr.html",
  debianReferenceJa: "/debian-reference/ch04.ja.html",
  debianReferenceZhCn: "/debian-reference/ch01.zh-cn.html",
  debianReferenceZhTw: "/debian-reference/ch02.zh-tw.html",
  gitCommit: "/doc/git-doc/git-commit.html",
  gitLog: "/doc/git-doc/git-log.html",
  diffOutputFormats: "/doc/diffutils/Output-Formats.html",
  diffComparingDirectories: "/doc/diffutils/Comparing-Directories.html",
};

/** Bare puppeteer-core's Chromium: the same binary as Glance's, no sandbox as root, scrollbars hidden (else the images differ by them). */
export const BARE_CHROMIUM = "/usr/lib/chromium/chromium";
export const BARE_ARGS = ["--no-sandbox", "--disable-dev-shm-usage", "--hide-scrollbars", "--no-first-run"];
/**
 * Tuned bare (issue 50 point 1): the features Glance's launch turns off (D30) also off — what
 * puppeteer-core 25 launches with by default, so what a customer's own script gets.
 */
export const TUNED_FEATURES =
  "--disable-features=SpareRendererForSitePerProcess,WebUIOmniboxPopup,WebUIOmniboxAimPopup";
export const TUNED_BARE_ARGS: readonly string[] = [...BARE_ARGS, TUNED_FEATURES];
/** What the bare side waits for after `load`, as Glance does: the page's web fonts. */
export const FONTS_READY = `(async () => { if (document.fonts && document.fonts.ready) await document.fonts.ready; })()`;

/** pixelmatch's per-pixel colour threshold (its default): anti-aliasing noise is not a difference. */
const PIXEL_THRESHOLD = 0.1;

/**
 * Share of pixels (0–1) that agree between two images of the same page (PNG, JPEG or WebP
 * bytes). Images of different sizes agree on nothing (0): a capture of the wrong size is wrong.
 */
export async function pixelAgreement(a: Buffer, b: Buffer): Promise<number> {
  const [ra, rb] = await Promise.all(
    [a, b].map((bytes) => sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true })),
  );
  const { width, height } = ra.info;
  if (width !== rb.info.width || height !== rb.info.height || width * height === 0) return 0;
  const different = pixelmatch(ra.data, rb.data, undefined, width, height, { threshold: PIXEL_THRESHOLD });
  return 1 - different / (width * height);
}
