/** Loads one fixture page in a fresh browser context, as a render would, and lets stragglers run. */
import type { Browser, BrowserContextOptions, Page } from "puppeteer-core";
import { type GuardPageOptions, guardPage, type PageGuard } from "@/lib/net/page-guard";
import { sleep } from "./world";

export interface Visit {
  guard?: PageGuard;
  error?: string;
  status?: number;
}

export interface VisitOptions {
  /** Put lib/net's page guard on the page (how the service renders). */
  withPageGuard: boolean;
  /** Wait for the page's `window.__done` (attack pages set it when they have run). */
  waitDone?: boolean;
  /** Options for the context, e.g. the per-context proxy (lib/net contextBoundary). */
  context?: BrowserContextOptions;
  /** Budget for the navigation and for `__done` each (default 10 s). */
  timeoutMs?: number;
  /** More options for the page guard (a customer proxy's route credentials, D41). */
  guardOptions?: GuardPageOptions;
}

export async function visit(browser: Browser, url: string, options: VisitOptions): Promise<Visit> {
  const waitDone = options.waitDone ?? true;
  const context = await browser.createBrowserContext(options.context);
  const page: Page = await context.newPage();
  const out: Visit = {};
  try {
    if (options.withPageGuard) out.guard = await guardPage(page, { maxLifetimeMs: 20_000, ...options.guardOptions });
    try {
      const timeout = options.timeoutMs ?? 10_000;
      const response = await page.goto(url, { waitUntil: "load", timeout });
      out.status = response?.status();
      // Interval polling: an opener behind its pop-ups is hidden, and hidden pages get no frames.
      if (waitDone) await page.waitForFunction("window.__done === true", { timeout, polling: 100 });
    } catch (err) {
      out.error = (err as Error).message;
    }
    // Stragglers (beacons, pop-ups, workers, a navigation just started) get their chance to leak.
    await sleep(waitDone ? 400 : 1_200);
  } finally {
    out.guard?.dispose();
    await context.close().catch(() => {});
  }
  return out;
}
