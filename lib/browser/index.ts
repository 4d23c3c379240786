/**
 * lib/browser: warm browsers, one fresh browser context per render (always closed), bounded
 * concurrency with deadline-aware, per-account fair admission (queue.ts, D17), and the render's
 * deadline applied to every step.
 *
 *   const png = await withPage(new Deadline(30_000), async ({ page }) => { ... });
 */
import "server-only";
import type { Browser, Page } from "puppeteer-core";
import { ApiError } from "@/lib/vocabulary/errors";
import { env } from "@/lib/env";
import type { PageGuard } from "@/lib/net/page-guard";
import { inSpan } from "@/lib/observability/tracing";
import { pinProxyUrl } from "@/lib/net/proxy/address";
import { proxyFailureError } from "@/lib/net/proxy/errors";
import { openProxyRoute, type ProxyRoute } from "@/lib/net/proxy/route-guard";
import { Deadline, isTimeoutError } from "./deadline";
import { admitRender, drainRenders as drainTracked } from "./drain";
import { classifyRenderError } from "./errors";
import { LocalBrowserSource } from "./local";
import { canRender, noteRenderOutcome } from "./probe";
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
  /**
   * The caller's own input left the page stuck (a PDF template Chromium cannot print): its context
   * is closed without asking the page anything, and the browser is kept — a client's mistake
   * never costs a browser (issue #27).
   */
  abandonPage(): void;
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
    const source =
      config.mode.browser === "remote" ? new RemoteBrowserSource(config.BROWSER_WS_ENDPOINT) : new LocalBrowserSource();
    const spares = new SparePages(Math.min(config.BROWSER_SPARE_PAGES, config.BROWSER_CONCURRENCY));
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
export async function warmUp(
  deadline = new Deadline(30_000),
  options: { waitForSpares?: boolean } = {},
): Promise<void> {
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

export { isShuttingDown, SHUTDOWN_RETRY_AFTER_S, stopTakingRenders } from "./drain";

/** Resolves when every render that was running has finished and its context closed (or after `maxMs`). */
export function drainRenders(maxMs: number): Promise<void> {
  return drainTracked(maxMs, state().retiring);
}

/** A retry needs at least this much of the deadline left to be worth starting. */
const MIN_RETRY_MS = 1_000;
/** A page in a render is closed this long after the render's deadline at the latest, whatever happens. */
const PAGE_GRACE_MS = 30_000;

/**
 * Runs `fn` with a new page in a new, isolated browser context (D9: no cookies, storage or
 * cache shared between renders; downloads denied; lib/net's page guard on before any
 * navigation; the guard as the context's proxy, D16). The context is closed whatever happens.
 * Past the deadline the answer is 504 and the context is closed, which also stops whatever the
 * page was still doing. `account` is whose render it is, for the queue's fairness between
 * accounts (D17); a render that cannot start in time is refused with 503 renderer_busy. A render
 * whose browser fails it (dies, or cannot reach the guard) runs once more on another endpoint's
 * browser when there is one and time is left (D16).
 */
export function withPage<T>(
  deadline: Deadline,
  fn: (session: RenderSession) => Promise<T>,
  options: RenderOptions = {},
): Promise<T> {
  return admitRender(() => renderWithRetry(deadline, fn, options));
}

/** `background`: a sample this server makes of itself (D22), which yields slots to requests (queue.ts). */
export type RenderOptions = { account?: string; proxy?: string; background?: boolean };

interface Attempt {
  browser?: Browser;
  fresh?: FreshPage;
  timedOut: boolean;
  /** The render said its page is stuck by the caller's input: closed, not measured (abandonPage). */
  abandoned?: boolean;
}

async function renderWithRetry<T>(
  deadline: Deadline,
  fn: (session: RenderSession) => Promise<T>,
  { account, proxy, background }: RenderOptions,
): Promise<T> {
  const { source, queue, spares, recycler, retiring } = state();
  // D41: the customer's proxy passes the boundary, and is pinned, before it takes a browser slot.
  const pinned = proxy ? await deadline.race(pinProxyUrl(proxy)) : undefined;
  const release = await inSpan("glance.queue_wait", () => queue.acquire(deadline, account, { background }));
  const attempts: Attempt[] = [];
  let route: ProxyRoute | undefined;
  try {
    // D41: the render's own way through the customer's proxy, open until its contexts are closed.
    if (pinned) route = await openProxyRoute(pinned);
    let avoid: Browser | undefined;
    for (let n = 0; ; n++) {
      const attempt: Attempt = { timedOut: false };
      attempts.push(attempt);
      try {
        const { browser, fresh } = await inSpan("glance.page_setup", async () => {
          const browser = await source.acquire(deadline, avoid);
          attempt.browser = browser;
          recycler.enter(browser);
          attempt.fresh = await takeFresh(spares, browser, deadline, route);
          return { browser, fresh: attempt.fresh };
        });
        const { page, guard, userAgent } = fresh;
        // The workspace's connectors answer for the origins they declared (D42).
        if (account !== undefined) guard.routeFor(account);
        // A spare's lifetime assumes a render of a minute at most; this one may last up to its
        // deadline (a recording job: minutes), and the page must not be closed under it.
        guard.closeAfter(deadline.remaining() + PAGE_GRACE_MS);
        const abandonPage = () => void (attempt.abandoned = true);
        const result = await deadline.race(fn({ page, guard, deadline, browser, userAgent, abandonPage }));
        noteRenderOutcome(browser, true);
        return result;
      } catch (error) {
        // A render that failed while the customer's proxy was failing failed because of it (D41):
        // always when the proxy itself failed (down, slow, wrong credentials); when it only refused
        // one host, only if the render failed for want of a connection (a page's third-party host
        // the proxy refuses says nothing about a timeout).
        const proxyFailure = route?.failure();
        if (proxyFailure && (proxyFailure.kind !== "refused" || isUnreachable(error)))
          throw proxyFailureError(proxyFailure);
        const failure = await classifyRenderError(error, attempt.browser, deadline.totalMs);
        attempt.timedOut = isTimeoutError(failure);
        if (!attempt.browser || !isRendererFailure(failure)) throw failure;
        noteRenderOutcome(attempt.browser, false);
        source.reportFailure(attempt.browser);
        if (n > 0 || deadline.remaining() < MIN_RETRY_MS) throw failure;
        avoid = attempt.browser; // acquire() answers renderer_unavailable when there is no other endpoint
      }
    }
  } finally {
    // The answer does not wait for the teardown, but the slot stays taken until the contexts are
    // closed, so the concurrency limit still bounds what the browsers hold.
    const done: Promise<void> = Promise.allSettled(
      attempts.map((attempt) => finishAttempt(attempt, recycler, spares)),
    ).then(() => {
      route?.close();
      release();
      retiring.delete(done);
    });
    retiring.add(done);
  }
}

/**
 * After one attempt: its context closed and the browser's next spare made after that, never
 * competing with the render. A page over its budget has its browser replaced instead (D17): its
 * context then dies with the old process, unclosed.
 */
async function finishAttempt(
  { browser, fresh, timedOut, abandoned }: Attempt,
  recycler: BrowserRecycler,
  spares: SparePages,
): Promise<void> {
  if (!browser) return;
  try {
    if (!fresh) return;
    const heavy = abandoned ? undefined : await overBudget(fresh.page, timedOut);
    if (heavy) recycler.recycle(browser, heavy);
    if (recycler.isRetiring(browser)) fresh.guard.dispose();
    else await retire(fresh);
  } finally {
    recycler.leave(browser);
    if (fresh && !recycler.isRetiring(browser)) spares.refill(browser);
  }
}

function isUnreachable(error: unknown): boolean {
  return error instanceof ApiError && error.code === "target_unreachable";
}

function isRendererFailure(error: unknown): boolean {
  return error instanceof ApiError && error.code === "renderer_unavailable";
}

/**
 * Readiness (D14, D16): true when at least one browser can render — connects to every endpoint,
 * then asks each what renders showed lately, probing the ones nothing recent is known of.
 */
export async function canAnyBrowserRender(deadline: Deadline): Promise<boolean> {
  const { source, spares } = state();
  const browsers = await source.connectAll(deadline);
  const verdicts = await Promise.all(browsers.map((browser) => canRender(browser, deadline)));
  browsers.forEach((browser, i) => {
    if (verdicts[i]) spares.refill(browser);
  });
  return verdicts.some(Boolean);
}

/** If the deadline wins the race, the page that arrives late is closed, not leaked. */
async function takeFresh(
  spares: SparePages,
  browser: Browser,
  deadline: Deadline,
  route: ProxyRoute | undefined,
): Promise<FreshPage> {
  const taking = route ? spares.takeRouted(browser, route) : spares.take(browser);
  try {
    return await deadline.race(taking);
  } catch (error) {
    void taking.then(
      (late) => retire(late),
      () => {},
    );
    throw error;
  }
}
