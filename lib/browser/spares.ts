/**
 * Fresh pages: an isolated context and its first page, guarded and emulated before any navigation
 * (D9), made for exactly one render and closed after it. They can be made ahead of time
 * (BROWSER_SPARE_PAGES, default 0), which takes the context's set-up (a renderer start and several
 * DevTools round trips) off the render's path. By default they are not: on real pages a spare
 * page alive in the browser beside a render made that render's renderers cost more CPU than the
 * set-up it saved (bench:realpages-parts, D30), so every render makes its page on demand. Spares,
 * when asked for, are (re)made after a render has finished, never competing with it.
 */
import type { Browser, BrowserContext, Page } from "puppeteer-core";
import { contextBoundary } from "@/lib/net/chromium";
import { guardPage, type PageGuard } from "@/lib/net/page-guard";
import type { ProxyRoute } from "@/lib/net/proxy/route-guard";

/** What every fresh page starts with; a render changes only what it needs differently. */
export const BASELINE = { width: 1280, height: 800, colorScheme: "light" } as const;

export interface FreshPage {
  context: BrowserContext;
  page: Page;
  guard: PageGuard;
  /** The desktop user agent the page already has (Chromium's, without "Headless"). */
  userAgent: string;
}

/** A spare left unused this long is replaced, so none outlives a remote endpoint's idle limits. */
const MAX_SPARE_AGE_MS = 60_000;
/**
 * The page guard closes a spare page after this long whatever happens (spare age + a render of a
 * minute); a render that takes it sets its own bound from its deadline (index.ts, renderWithRetry).
 */
const PAGE_LIFETIME_MS = MAX_SPARE_AGE_MS + 60_000 + 30_000;

interface Spare {
  made: Promise<FreshPage>;
  createdAt: number;
}

const desktopAgents = new WeakMap<Browser, Promise<string>>();

/** Headless Chromium announces itself as "HeadlessChrome", which many sites answer differently. */
function desktopUserAgent(browser: Browser): Promise<string> {
  let agent = desktopAgents.get(browser);
  if (!agent) {
    agent = browser.userAgent().then((ua) => ua.replace("HeadlessChrome", "Chrome"));
    desktopAgents.set(browser, agent);
  }
  return agent;
}

export class SparePages {
  private readonly spares = new Map<Browser, Spare[]>();

  constructor(private readonly size: number) {}

  /** A fresh, guarded page on `browser`: a spare when one is ready or being made, else a new one. */
  async take(browser: Browser): Promise<FreshPage> {
    const list = this.listFor(browser);
    let spare = list.shift();
    while (spare && Date.now() - spare.createdAt > MAX_SPARE_AGE_MS) {
      void this.discard(spare);
      spare = list.shift();
    }
    if (spare) {
      const fresh = await spare.made.catch(() => undefined);
      if (fresh && !fresh.page.isClosed() && browser.connected) return fresh;
      if (fresh) void retire(fresh);
    }
    return this.make(browser);
  }

  /**
   * A fresh page whose traffic goes through a customer's proxy (D41): never a spare, since a
   * context's proxy is fixed when it is made.
   */
  takeRouted(browser: Browser, route: ProxyRoute): Promise<FreshPage> {
    return this.make(browser, route);
  }

  /** Tops the spares for `browser` up to the pool size (after a render, and at warm-up). */
  refill(browser: Browser): void {
    if (!browser.connected) return;
    const list = this.listFor(browser);
    while (list.length < this.size) {
      const made = this.make(browser);
      made.catch(() => {
        const index = list.findIndex((s) => s.made === made);
        if (index >= 0) list.splice(index, 1);
      });
      list.push({ made, createdAt: Date.now() });
    }
  }

  /** Resolves once every spare being made is ready (or failed). */
  async ready(): Promise<void> {
    await Promise.all([...this.spares.values()].flat().map((s) => s.made.catch(() => undefined)));
  }

  /** Makes the spares for `browser` now (warm-up) and waits for them. */
  async prime(browser: Browser): Promise<void> {
    this.refill(browser);
    await Promise.all(this.listFor(browser).map((s) => s.made.catch(() => undefined)));
  }

  /** Closes every spare (shutdown; for remote browsers, contexts must not be left behind). */
  async drain(): Promise<void> {
    const all = [...this.spares.values()].flat();
    this.spares.clear();
    await Promise.all(all.map((s) => this.discard(s)));
  }

  private listFor(browser: Browser): Spare[] {
    let list = this.spares.get(browser);
    if (!list) {
      list = [];
      this.spares.set(browser, list);
      browser.once("disconnected", () => this.spares.delete(browser));
    }
    return list;
  }

  private async make(browser: Browser, route?: ProxyRoute): Promise<FreshPage> {
    // The boundary is set here, per context, whatever the browser was launched with (D16); a
    // render through a customer's proxy names the guard's route listener instead (D41).
    const context = await browser.createBrowserContext({
      downloadBehavior: { policy: "deny" },
      ...(route ? route.boundary : await contextBoundary()),
    });
    try {
      const [page, userAgent] = await Promise.all([context.newPage(), desktopUserAgent(browser)]);
      // The guard and the emulation are independent round trips on the render's path (pages are
      // made on demand, D30): sent together.
      const guarding = guardPage(page, {
        maxLifetimeMs: PAGE_LIFETIME_MS,
        ...(route ? { proxyRoute: route.credentials } : {}),
      });
      try {
        await Promise.all([
          guarding,
          page.setViewport({ width: BASELINE.width, height: BASELINE.height, deviceScaleFactor: 1 }),
          page.setUserAgent(userAgent),
          page.emulateMediaFeatures([{ name: "prefers-color-scheme", value: BASELINE.colorScheme }]),
        ]);
      } catch (error) {
        void guarding.then(
          (guard) => guard.dispose(),
          () => {},
        );
        throw error;
      }
      return { context, page, guard: await guarding, userAgent };
    } catch (error) {
      void closeContext(context);
      throw error;
    }
  }

  private async discard(spare: Spare): Promise<void> {
    const fresh = await spare.made.catch(() => undefined);
    if (fresh) await retire(fresh);
  }
}

/** Ends a fresh page's life: guard listeners off, context closed. */
export async function retire(fresh: FreshPage): Promise<void> {
  fresh.guard.dispose();
  await closeContext(fresh.context);
}

const CLOSE_TIMEOUT_MS = 3_000;

/** Closes a context, giving up waiting (not closing) after a few seconds. */
export async function closeContext(context: BrowserContext): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    context.close().catch(() => {}),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, CLOSE_TIMEOUT_MS);
    }),
  ]);
  clearTimeout(timer);
}
