/**
 * A content render (D24), callable as a function by anything that holds a plan (the route's
 * handler, async jobs, the MCP server): a fresh page from lib/browser, loaded and made ready like
 * a capture's (lib/page/page-load.ts) — lazy content scrolled into view unless scroll=false —
 * then one extraction in the page for the text formats, links and metadata, and one viewport
 * screenshot when the screenshot or the palette needs it.
 */
import "server-only";
import { type Deadline, withPage } from "@/lib/browser";
import { assertLoadedDocument, refusalOr } from "@/lib/page/navigate";
import { loadPage, withPreparedPage } from "@/lib/page/page-load";
import { PhaseClock } from "@/lib/page/page-facts";
import { documentHeight } from "@/lib/page/page-scripts";
import { extractFromPage, type PageFormat } from "./extract";
import { paletteOf } from "./palette";
import type { ContentPlan } from "./plan";
import type { ContentDocument } from "./schema";

const CONTENT_PHASES = ["navigate", "wait", "extract"] as const;

/** What one render of a page produced: the content document (stored as the result) and the viewport image. */
export interface ContentRender {
  document: ContentDocument;
  /** A PNG of the viewport, when the screenshot format was asked for. */
  screenshot?: { bytes: Buffer; width: number; height: number };
}

const PAGE_FORMATS = new Set<string>(["html", "markdown", "text", "links", "metadata"]);

export async function renderContent(plan: ContentPlan, deadline: Deadline, account?: string): Promise<ContentRender> {
  return withPage(
    deadline,
    async (session) => {
      const run = await withPreparedPage(session, plan, async (consent) => {
        const { page } = session;
        const clock = new PhaseClock(CONTENT_PHASES);
        const loaded = await loadPage(session, plan, consent, { scrollThrough: plan.scroll, clock });
        const input = plan.html !== undefined ? "html" : "url";
        const read = async () => {
          const pageHeight = loaded.scrolledHeight ?? (await deadline.race(documentHeight(page)));
          const wantsImage = plan.formats.includes("screenshot") || plan.formats.includes("metadata");
          const shot = wantsImage
            ? Buffer.from(await deadline.race(page.screenshot({ type: "png", optimizeForSpeed: true })))
            : undefined;
          const extracted = await extractFromPage(
            page,
            {
              formats: plan.formats.filter((f): f is PageFormat => PAGE_FORMATS.has(f)),
              onlyMainContent: plan.onlyMainContent,
              removeSelectors: plan.hideSelectors,
            },
            deadline,
          );
          return { pageHeight, shot, extracted };
        };
        // A page that navigated away while it was read (D23): the guard's refusal is the answer.
        const { pageHeight, shot, extracted } = await read().catch((error: unknown) =>
          refusalOr(error, page, session.guard, input, deadline),
        );
        // D23: a page that navigated to a refused address while it was read is not answered.
        assertLoadedDocument(page, session.guard, input);
        const palette = extracted.metadata && shot ? await deadline.race(paletteOf(shot)) : undefined;
        clock.lap("extract");
        return { loaded, pageHeight, extracted, shot, palette, timings: clock.ms };
      });
      const { loaded, pageHeight, extracted, shot, palette, timings } = run.output;
      const { truncated, metadata, source, ...formats } = extracted;
      const document: ContentDocument = {
        formats: plan.formats,
        finalUrl: loaded.facts.finalUrl,
        targetStatus: loaded.facts.targetStatus,
        title: loaded.facts.title,
        ...formats,
        ...(source ? { contentSource: source } : {}),
        ...(metadata ? { metadata: { ...metadata, palette: palette ?? [] } } : {}),
        // Scrolled: the page was taller than the viewport and was scrolled through before reading.
        scrolled: loaded.scrolledHeight !== undefined && loaded.scrolledHeight > plan.viewport.height,
        pageHeight,
        timings,
        ...(truncated.length > 0 ? { truncated } : {}),
        ...(run.dialogs ?? {}),
        ...(run.blockedRequests ? { blockedRequests: run.blockedRequests } : {}),
      };
      const { width, height: viewportHeight } = plan.viewport;
      return {
        document,
        ...(shot && plan.formats.includes("screenshot")
          ? {
              screenshot: {
                bytes: shot,
                width: width * plan.viewport.deviceScaleFactor,
                height: viewportHeight * plan.viewport.deviceScaleFactor,
              },
            }
          : {}),
      };
    },
    { account, proxy: plan.request.proxy },
  );
}
