/**
 * What a capture's completeness report reads from the page (D36): a watch installed before the
 * page loads (the requests in flight, seen from DevTools; when the DOM last changed, seen by a
 * MutationObserver in the page), and a reading of images and fonts just before the capture.
 * A page can lie about itself to its own scripts; it cannot make another page's report wrong.
 */
import "server-only";
import type { HTTPRequest, Page } from "puppeteer-core";
import type { Deadline } from "@/lib/browser";

/** Request kinds whose answer can change what is drawn; an open beacon, stream or socket does not count. */
const RENDERING_REQUESTS: ReadonlySet<string> = new Set([
  "document",
  "stylesheet",
  "image",
  "font",
  "script",
  "xhr",
  "fetch",
]);
/** Open request URLs the report names at most, and how much of each (origin and path, no query). */
const MAX_URLS = 5;
const MAX_URL_LENGTH = 200;

/**
 * Records when the DOM last changed. Changes inside <head> (the caller's customCSS, hideSelectors'
 * style) and to data-glance-* attributes are Glance's own and not counted. Nor is the parser
 * building the document: its insertions are the page loading, not changing, and counting them
 * called every quick page without a script "dom_changing" (issue 51's walk); what scripts change
 * once parsing ended counts. An html render's document is written with document.open() (D19),
 * which erases the document's event listeners (the readystatechange one below) and whose parser
 * may end before its insertions are delivered: a batch that replaces the document's root is a new
 * document, not a change, and so is the first batch after a parse seen under way.
 */
const DOM_OBSERVER = `(() => {
  const key = Symbol.for("glance.domChanges");
  if (window[key]) return;
  const state = { last: null, parsed: document.readyState === "loading" ? null : performance.now() };
  Object.defineProperty(window, key, { value: state });
  const own = (m) => (m.type === "attributes" && String(m.attributeName).startsWith("data-glance")) ||
    (document.head !== null && document.head.contains(m.target));
  let parsing = state.parsed === null;
  const parsed = () => {
    parsing = false;
    state.parsed = performance.now();
  };
  const observer = new MutationObserver((list) => {
    if (document.readyState === "loading") return void (parsing = true);
    if (parsing || list.some((m) => m.target === document && m.type === "childList")) return parsed();
    if (list.some((m) => !own(m))) state.last = performance.now();
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  // The parser's last insertions may be delivered just after it ended: dropped when it ends.
  document.addEventListener("readystatechange", () => {
    if (document.readyState !== "interactive") return;
    observer.takeRecords();
    parsed();
  });
})()`;

/** Images in the captured band (document rows top..bottom; null: the viewport), fonts, and the DOM's last change. */
const READ_STATE = `(({ top, bottom }) => {
  const from = top === null ? window.scrollY : top;
  const to = bottom === null ? window.scrollY + window.innerHeight : bottom;
  const images = { loaded: 0, pending: 0, failed: 0 };
  for (const img of Array.from(document.images)) {
    if (!(img.currentSrc || img.getAttribute("src"))) continue;
    const box = img.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    if (box.bottom + window.scrollY < from || box.top + window.scrollY > to) continue;
    if (!img.complete) images.pending++;
    else if (img.naturalWidth === 0) images.failed++;
    else images.loaded++;
  }
  const fonts = { loaded: 0, pending: 0, failed: 0 };
  if (document.fonts) for (const face of document.fonts) {
    if (face.status === "loaded") fonts.loaded++;
    else if (face.status === "loading") fonts.pending++;
    else if (face.status === "error") fonts.failed++;
  }
  const dom = window[Symbol.for("glance.domChanges")];
  return {
    images,
    fonts,
    lastChangeMsAgo: dom ? (dom.last === null ? null : Math.max(0, Math.round(performance.now() - dom.last))) : -1,
    parsedMsAgo: dom && dom.parsed !== null ? Math.max(0, Math.round(performance.now() - dom.parsed)) : null,
  };
})`;

interface Counts {
  loaded: number;
  pending: number;
  failed: number;
}

export interface PageState {
  images: Counts;
  fonts: Counts;
  /** Requests in flight at the reading: all of them, those that can change the picture, and the first few. */
  openRequests: { count: number; rendering: number; urls: string[] };
  /** Milliseconds since the DOM last changed; null: not since the page began; undefined: not known. */
  lastChangeMsAgo?: number | null;
  /** Milliseconds since the parser ended (null: not known); with no change since, how long the page has been still. */
  parsedMsAgo?: number | null;
}

/** Where the images that count are: the viewport, or a band of the document in CSS px. */
export type CapturedBand = "viewport" | { top: number; bottom: number };

export interface PageWatch {
  read(band: CapturedBand, deadline: Deadline): Promise<PageState>;
  stop(): void;
}

function shortUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`.slice(0, MAX_URL_LENGTH);
  } catch {
    return url.slice(0, MAX_URL_LENGTH);
  }
}

type StateRead = { images: Counts; fonts: Counts; lastChangeMsAgo: number | null; parsedMsAgo: number | null };

/** A page that replaces its document (D23) is read again on the new one, a few times at most. */
const CONTEXT_GONE = /Execution context was destroyed|Cannot find context with specified id/i;
const READ_ATTEMPTS = 3;

async function readState(page: Page, arg: string, deadline: Deadline): Promise<StateRead> {
  for (let attempt = 1; ; attempt++) {
    try {
      return (await deadline.race(page.evaluate(`${READ_STATE}(${arg})`))) as StateRead;
    } catch (error) {
      if (attempt >= READ_ATTEMPTS || !(error instanceof Error) || !CONTEXT_GONE.test(error.message)) throw error;
      await deadline.sleep(100);
    }
  }
}

/** Starts watching a fresh page before it loads anything. */
export async function watchPage(page: Page): Promise<PageWatch> {
  const open = new Set<HTTPRequest>();
  const started = (request: HTTPRequest) => void open.add(request);
  const ended = (request: HTTPRequest) => void open.delete(request);
  page.on("request", started);
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  await page.evaluateOnNewDocument(DOM_OBSERVER);
  // The blank document html is written into (setContent keeps it) is watched too.
  await page.evaluate(DOM_OBSERVER).catch(() => {});
  return {
    async read(band, deadline) {
      const arg = band === "viewport" ? { top: null, bottom: null } : band;
      const read = await readState(page, JSON.stringify(arg), deadline);
      const requests = [...open];
      return {
        images: read.images,
        fonts: read.fonts,
        openRequests: {
          count: requests.length,
          rendering: requests.filter((request) => RENDERING_REQUESTS.has(request.resourceType())).length,
          urls: requests.slice(0, MAX_URLS).map((request) => shortUrl(request.url())),
        },
        ...(read.lastChangeMsAgo === -1 ? {} : { lastChangeMsAgo: read.lastChangeMsAgo }),
        parsedMsAgo: read.parsedMsAgo,
      };
    },
    stop() {
      page.off("request", started);
      page.off("requestfinished", ended);
      page.off("requestfailed", ended);
    },
  };
}
