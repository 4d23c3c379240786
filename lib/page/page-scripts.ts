/**
 * Code that runs inside the page. Kept as plain JavaScript source (not TypeScript functions)
 * because transpilers add helpers to functions that do not exist in the page's world.
 */
import type { Frame, Page } from "puppeteer-core";
import { ApiError } from "@/lib/vocabulary/errors";

/**
 * Scrolls through the page one viewport at a time (up to `maxHeight`) so lazy images and
 * IntersectionObserver content load, waits for the images that started loading, then returns
 * to the top. Resolves with the document height.
 */
const SCROLL_THROUGH = `async ({ maxHeight, settleMs, imageWaitMs }) => {
  const root = document.scrollingElement || document.documentElement;
  const height = () => Math.max(root.scrollHeight, document.body ? document.body.scrollHeight : 0);
  const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, settleMs)));
  const step = Math.max(200, Math.floor(window.innerHeight * 0.9));
  for (let y = 0; y < Math.min(height(), maxHeight); y += step) {
    window.scrollTo(0, y);
    await frame();
  }
  window.scrollTo(0, Math.min(height(), maxHeight));
  await frame();
  const pending = Array.from(document.images).filter((img) => !img.complete && (img.currentSrc || img.src));
  await Promise.race([
    Promise.all(pending.map((img) => new Promise((r) => { img.addEventListener("load", r, { once: true }); img.addEventListener("error", r, { once: true }); }))),
    new Promise((r) => setTimeout(r, imageWaitMs)),
  ]);
  window.scrollTo(0, 0);
  await frame();
  return height();
}`;

const DOCUMENT_HEIGHT = `(() => {
  const root = document.scrollingElement || document.documentElement;
  return Math.max(root.scrollHeight, document.body ? document.body.scrollHeight : 0);
})()`;

/**
 * Fonts that are still loading would be captured as fallbacks. Chromium settles fonts.ready only
 * once the document has loaded, so a page captured before its load event (waitUntil=
 * domcontentloaded, a resource that never ends) waits FONTS_WAIT_MS at most; the completeness
 * report names fonts still loading (D36).
 */
const FONTS_WAIT_MS = 2_000;
const FONTS_READY = `(async () => {
  if (document.fonts && document.fonts.ready)
    await Promise.race([document.fonts.ready, new Promise((r) => setTimeout(r, ${FONTS_WAIT_MS}))]);
})()`;

const IS_VALID_SELECTOR = `(selector) => { try { document.createDocumentFragment().querySelector(selector); return true; } catch { return false; } }`;

/**
 * The document-space boxes (CSS px) of the elements matching a selector list, at most `max` of them
 * (the ignored regions of a comparison, D27); elements without a box are left out.
 */
const ELEMENT_BOXES = `({ selector, max }) => {
  const out = [];
  for (const element of document.querySelectorAll(selector)) {
    const r = element.getBoundingClientRect();
    if (r.width > 0 && r.height > 0) out.push({ x: r.left + window.scrollX, y: r.top + window.scrollY, width: r.width, height: r.height });
    if (out.length >= max) break;
  }
  return { boxes: out, scrollX: window.scrollX, scrollY: window.scrollY };
}`;

/** The caller's script, awaited if it returns a promise; its error message comes back as text. */
const RUN_USER_SCRIPT = `async (source) => {
  try {
    const fn = new Function("return (async () => {\\n" + source + "\\n})()");
    await fn();
    return null;
  } catch (error) {
    return String(error && error.message ? error.message : error).slice(0, 300);
  }
}`;

/** The page replaced its document (a script or meta-refresh redirect after load). */
const CONTEXT_GONE =
  /Execution context was destroyed|Cannot find context with specified id|Execution context is not available/i;

/** How many replaced documents one read follows before the page counts as never settling. */
const MAX_DOCUMENTS = 20;
/** How long one replaced document may take to load before it is read anyway. */
const DOCUMENT_LOAD_MS = 10_000;

/** Resolves when the document the page has now has loaded (or after `ms`). */
async function documentLoaded(target: Page | Frame, ms: number): Promise<void> {
  await target.waitForFunction("document.readyState === 'complete'", { timeout: ms, polling: 100 }).catch(() => {});
}

/**
 * Evaluates in the page; when the page navigated away underneath (D23), waits for the new document
 * to load and reads that one: the document the page settles on is what the caller gets captured.
 * A page that keeps replacing its document is a timeout, like one that never loads.
 */
async function evaluate<T>(target: Page | Frame, expression: string): Promise<T> {
  for (let documents = 0; ; documents++) {
    try {
      return (await target.evaluate(expression)) as T;
    } catch (error) {
      if (!(error instanceof Error) || !CONTEXT_GONE.test(error.message)) throw error;
      if (documents >= MAX_DOCUMENTS)
        throw new ApiError("render_timeout", "The page kept replacing its document (navigating) and never settled.");
      await documentLoaded(target, DOCUMENT_LOAD_MS);
    }
  }
}

function call<T>(target: Page | Frame, source: string, arg: unknown): Promise<T> {
  return evaluate<T>(target, `(${source})(${JSON.stringify(arg)})`);
}

export function scrollThrough(page: Page, maxHeight: number): Promise<number> {
  return call<number>(page, SCROLL_THROUGH, { maxHeight, settleMs: 60, imageWaitMs: 5_000 });
}

export function documentHeight(page: Page): Promise<number> {
  return evaluate<number>(page, DOCUMENT_HEIGHT);
}

export async function fontsReady(page: Page): Promise<void> {
  await evaluate(page, FONTS_READY);
}

export function isValidSelector(page: Page, selector: string): Promise<boolean> {
  return call<boolean>(page, IS_VALID_SELECTOR, selector);
}

export interface DocumentBoxes {
  boxes: Array<{ x: number; y: number; width: number; height: number }>;
  scrollX: number;
  scrollY: number;
}

export function elementBoxes(page: Page, selector: string, max: number): Promise<DocumentBoxes> {
  return call<DocumentBoxes>(page, ELEMENT_BOXES, { selector, max });
}

/**
 * Runs the caller's script: null when it ran, or the error message it threw. A script that
 * navigates the page (`location.href = …`, `form.submit()`) ends there — its document is gone — and
 * is not run again on the new one: the capture goes on once the new document has loaded (D23).
 */
export async function runUserScript(page: Page, source: string, loadMs: number): Promise<string | null> {
  try {
    return (await page.evaluate(`(${RUN_USER_SCRIPT})(${JSON.stringify(source)})`)) as string | null;
  } catch (error) {
    if (!(error instanceof Error) || !CONTEXT_GONE.test(error.message)) throw error;
    await documentLoaded(page, Math.max(1, loadMs));
    return null;
  }
}
