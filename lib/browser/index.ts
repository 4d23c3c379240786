/**
 * lib/browser: warm browsers, one fresh browser context per render (always closed), bounded
 * concurrency with deadline-aware, per-account fair admission (queue.ts, D17), and the render's
 * deadline applied to every step.
 *
 *   const png = await withPage(new Deadline(30_000), async ({ page }) => { ... });
 */
import "server-only";
import type { Browser, Page } from "puppeteer-core";
import { env } from "@/lib/env";
import type { PageGuard } from "@/lib/net/page-guard";
import { Deadline, isTimeoutError } from "./deadline";
import { classifyRenderError } from "./errors";
import { LocalBrowserSource } from "./local";
import { type QueueReport, RenderQueue } from "./queue";
import { BrowserRecycler, overBudget, type Replaceable } from "./recycle";
import { RemoteBrowserSource } from "./remote";
import type { BrowserSource } from "./source";
import { type FreshPage, retire, SparePages } from "./spares";

export { Deadline, isTimeoutError, timeoutError } from "./deadline";
export type { BrowserSource } from "./source";
export { rendererUnavailable } from "./source";
export { BASELINE } from "./spares";

export interface RenderSession {
  /** Already guarded and at the BASELINE emulation (1280×800, desktop, light). */
  page: Page;
  /** The target-safety layer on this page (lib/net): tells whether the main document was refused. */
  guard: PageGuard;
  deadline: Deadline;
  browser: Browser;
  /** The desktop user agent the page has now. */
  userAgent: string;
}

interface BrowserState {
  source: BrowserSource;
  queue: RenderQueue;
  spares: SparePages;
  /** Replaces browsers degraded by heavy pages, and periodically (D17). */
  recycler: BrowserRecycler;
  /** Contexts of finished renders still being closed. */
  retiring: Set<Promise<void>>;
}

// On globalThis so that module re-evaluation (Next.js dev reloads) never launches a second Chromium.
const STATE_KEY = Symbol.for("glance.browser.state");
type GlobalWithState = typeof globalThis & { [STATE_KEY]?: BrowserState };

function state(): BrowserState {
  const g = globalThis as GlobalWithState;
  if (!g[STATE_KEY]) {
    const config = env();
    const source = config.mode.browser === "remote" ? new RemoteBrowserSource(config.BROWSER_WS_ENDPOINT) : new LocalBrowserSource();
    const spares = new SparePages(Math.min(2, config.BROWSER_CONCURRENCY), () => source.contextOptions());
    g[STATE_KEY] = {
      source,
      queue: new RenderQueue(config.BROWSER_CONCURRENCY),
      spares,
      // The replacement gets its spare pages before any render is sent to it.
      recycler: new BrowserRecycler(source as Partial<Replaceable>, (fresh) => spares.prime(fresh)),
      retiring: new Set(),
    };
  }
  return g[STATE_KEY];
}

export function browserSource(): BrowserSource {
  return state().source;
}

/** Renders running and waiting, render duration and wait for a slot (for /readyz, logs and the benchmark; D17). */
export function renderLoad(): QueueReport {
  return state().queue.report();
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
 * Resolves when the background work of finished renders is done: their contexts closed and the
 * next spares made. For benchmarks and tests that measure one request on an idle service.
 */
export async function quiesce(): Promise<void> {
  const { spares, retiring } = state();
  await Promise.all(retiring);
  await spares.ready();
}

/**
 * Runs `fn` with a new page in a new, isolated browser context (D9: no cookies, storage or
 * cache shared between renders; downloads denied; lib/net's page guard on before any
 * navigation). The context is closed whatever happens. Past the deadline the answer is 504 and
 * the context is closed, which also stops whatever the page was still doing. `account` is whose
 * render it is, for the queue's fairness between accounts (D17); a render that cannot start in
 * time is refused with 503 renderer_busy.
 */
export async function withPage<T>(deadline: Deadline, fn: (session: RenderSession) => Promise<T>, options: { account?: string } = {}): Promise<T> {
  const { source, queue, spares, recycler, retiring } = state();
  const release = await queue.acquire(deadline, options.account);
  let browser: Browser | undefined;
  let fresh: FreshPage | undefined;
  let timedOut = false;
  try {
    browser = await source.acquire(deadline);
    recycler.enter(browser);
    fresh = await takeFresh(spares, browser, deadline);
    const { page, guard, userAgent } = fresh;
    return await deadline.race(fn({ page, guard, deadline, browser, userAgent }));
  } catch (error) {
    const classified = await classifyRenderError(error, browser, deadline.totalMs);
    timedOut = isTimeoutError(classified);
    throw classified;
  } finally {
    // The answer does not wait for the teardown, but the slot stays taken until the context is
    // closed, so the concurrency limit still bounds what the browser holds. The next spare is
    // made after that, never competing with this render. A page over its budget has its browser
    // replaced instead (D17): its context then dies with the old process, unclosed.
    const used = fresh;
    const on = browser;
    if (used && on) {
      const done = (async () => {
        const heavy = await overBudget(used.page, timedOut);
        if (heavy) recycler.recycle(on, heavy);
        if (recycler.isRetiring(on)) used.guard.dispose();
        else await retire(used);
      })().finally(() => {
        release();
        recycler.leave(on);
        retiring.delete(done);
        if (!recycler.isRetiring(on)) spares.refill(on);
      });
      retiring.add(done);
    } else {
      if (on) recycler.leave(on);
      release();
    }
  }
}

/** If the deadline wins the race, the page that arrives late is closed, not leaked. */
async function takeFresh(spares: SparePages, browser: Browser, deadline: Deadline): Promise<FreshPage> {
  const taking = spares.take(browser);
  try {
    return await deadline.race(taking);
  } catch (error) {
    void taking.then((late) => retire(late), () => {});
    throw error;
  }
}
