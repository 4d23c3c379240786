/**
 * Fresh contexts made ahead of time. Creating an isolated context and its first page costs a
 * renderer process start (hundreds of milliseconds on a busy machine), which would otherwise sit
 * on every render's critical path. A spare is made for exactly one render and closed after it,
 * so isolation (D9) is the same as creating it on demand; it only moves the wait off the path.
 */
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "puppeteer-core";

export interface FreshPage {
  context: BrowserContext;
  page: Page;
}

/** A spare left unused this long is replaced, so none outlives a remote endpoint's idle limits. */
const MAX_SPARE_AGE_MS = 60_000;

interface Spare {
  made: Promise<FreshPage>;
  createdAt: number;
}

export class SparePages {
  private readonly spares = new Map<Browser, Spare[]>();

  constructor(
    private readonly size: number,
    private readonly contextOptions: () => BrowserContextOptions,
  ) {}

  /**
   * A fresh context+page on `browser`: a spare when one is ready or being made, else a new one.
   * Starts making the replacement at once, in parallel with the render that takes this one.
   */
  async take(browser: Browser): Promise<FreshPage> {
    const list = this.listFor(browser);
    let spare = list.shift();
    while (spare && Date.now() - spare.createdAt > MAX_SPARE_AGE_MS) {
      void this.discard(spare);
      spare = list.shift();
    }
    this.refill(browser);
    if (spare) {
      const fresh = await spare.made.catch(() => undefined);
      if (fresh && !fresh.page.isClosed() && browser.connected) return fresh;
      if (fresh) void closeContext(fresh.context);
    }
    return this.make(browser);
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

  private refill(browser: Browser): void {
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

  private async make(browser: Browser): Promise<FreshPage> {
    const context = await browser.createBrowserContext({ downloadBehavior: { policy: "deny" }, ...this.contextOptions() });
    try {
      return { context, page: await context.newPage() };
    } catch (error) {
      void closeContext(context);
      throw error;
    }
  }

  private async discard(spare: Spare): Promise<void> {
    const fresh = await spare.made.catch(() => undefined);
    if (fresh) await closeContext(fresh.context);
  }
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
