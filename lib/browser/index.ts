/**
 * lib/browser: warm browsers, one fresh browser context per render (always closed), bounded
 * concurrency with a FIFO queue, and the render's deadline applied to every step.
 *
 *   const png = await withPage(new Deadline(30_000), async ({ page }) => { ... });
 */
import "server-only";
import type { Browser, Page } from "puppeteer-core";
import { env } from "@/lib/env";
import { guardPage, type PageGuard } from "@/lib/net/page-guard";
import { Deadline } from "./deadline";
import { classifyRenderError } from "./errors";
import { LocalBrowserSource } from "./local";
import { RenderQueue } from "./queue";
import { RemoteBrowserSource } from "./remote";
import type { BrowserSource } from "./source";
import { closeContext, type FreshPage, SparePages } from "./spares";

export { Deadline, isTimeoutError, timeoutError } from "./deadline";
export type { BrowserSource } from "./source";
export { rendererUnavailable } from "./source";

export interface RenderSession {
  page: Page;
  /** The target-safety layer on this page (lib/net): tells whether the main document was refused. */
  guard: PageGuard;
  deadline: Deadline;
  browser: Browser;
}

interface BrowserState {
  source: BrowserSource;
  queue: RenderQueue;
  spares: SparePages;
}

// On globalThis so that module re-evaluation (Next.js dev reloads) never launches a second Chromium.
const STATE_KEY = Symbol.for("glance.browser.state");
type GlobalWithState = typeof globalThis & { [STATE_KEY]?: BrowserState };

function state(): BrowserState {
  const g = globalThis as GlobalWithState;
  if (!g[STATE_KEY]) {
    const config = env();
    const source = config.mode.browser === "remote" ? new RemoteBrowserSource(config.BROWSER_WS_ENDPOINT) : new LocalBrowserSource();
    g[STATE_KEY] = {
      source,
      queue: new RenderQueue(config.BROWSER_CONCURRENCY),
      spares: new SparePages(Math.min(2, config.BROWSER_CONCURRENCY), () => source.contextOptions()),
    };
  }
  return g[STATE_KEY];
}

export function browserSource(): BrowserSource {
  return state().source;
}

/** Renders now running and waiting (for /readyz and the benchmark). */
export function renderLoad(): { running: number; waiting: number } {
  const { queue } = state();
  return { running: queue.running, waiting: queue.waiting };
}

/**
 * Closes every browser and forgets the configuration, so the next render re-reads env (tests
 * switch between local and remote; shutdown hooks call it too).
 */
export async function shutdownBrowsers(): Promise<void> {
  const g = globalThis as GlobalWithState;
  const current = g[STATE_KEY];
  g[STATE_KEY] = undefined;
  await current?.spares.drain();
  await current?.source.close();
}

/**
 * Starts the browser ahead of the first request (readiness probe, start-up) and begins making
 * its spare contexts; `waitForSpares` also waits for those (benchmarks measure a warm service).
 */
export async function warmUp(deadline = new Deadline(30_000), options: { waitForSpares?: boolean } = {}): Promise<void> {
  const { source, spares } = state();
  const browser = await source.acquire(deadline);
  const priming = spares.prime(browser);
  if (options.waitForSpares) await deadline.race(priming);
}

/**
 * Runs `fn` with a new page in a new, isolated browser context (D9: no cookies, storage or
 * cache shared between renders; downloads denied; pop-ups closed by the page guard). The
 * context is closed whatever happens. Past the deadline the answer is 504 and the context is
 * closed, which also stops whatever the page was still doing.
 */
export async function withPage<T>(deadline: Deadline, fn: (session: RenderSession) => Promise<T>): Promise<T> {
  const { source, queue, spares } = state();
  const release = await queue.acquire(deadline);
  let browser: Browser | undefined;
  let fresh: FreshPage | undefined;
  let guard: PageGuard | undefined;
  try {
    browser = await source.acquire(deadline);
    fresh = await takeFresh(spares, browser, deadline);
    guard = await deadline.race(guardPage(fresh.page));
    return await deadline.race(fn({ page: fresh.page, guard, deadline, browser }));
  } catch (error) {
    throw await classifyRenderError(error, browser, deadline.totalMs);
  } finally {
    guard?.dispose();
    if (fresh) await closeContext(fresh.context);
    release();
  }
}

/** If the deadline wins the race, the context that arrives late is closed, not leaked. */
async function takeFresh(spares: SparePages, browser: Browser, deadline: Deadline): Promise<FreshPage> {
  const taking = spares.take(browser);
  try {
    return await deadline.race(taking);
  } catch (error) {
    void taking.then((late) => closeContext(late.context), () => {});
    throw error;
  }
}
