/**
 * Where browsers come from (D12): a locally launched Chromium (the embedded default) or one or
 * more remote CDP endpoints (BROWSER_WS_ENDPOINT). Both keep their browser warm and replace it
 * when it disconnects, so a crash costs one request (502) and the next one gets a fresh browser.
 */
import type { Browser } from "puppeteer-core";
import { ApiError } from "@/lib/vocabulary/errors";
import { metrics } from "@/lib/observability/metrics";
import type { Deadline } from "./deadline";

export interface BrowserSource {
  readonly kind: "local" | "remote";
  /**
   * A connected browser, launching or connecting when there is none. Throws ApiError 502
   * `renderer_unavailable` when no browser can be had. With `avoid`, a browser of another
   * endpoint than that one's (a retry after it died), or the error when there is no other.
   */
  acquire(deadline: Deadline, avoid?: Browser): Promise<Browser>;
  /** Every endpoint's browser, connecting where needed (readiness probes each one). */
  connectAll(deadline: Deadline): Promise<Browser[]>;
  /** A render on `browser` failed for the browser's sake: its endpoint goes to the back of the line. */
  reportFailure(browser: Browser): void;
  /** Drops every browser (closing local ones, disconnecting from remote ones). */
  close(): Promise<void>;
}

export function rendererUnavailable(): ApiError {
  return new ApiError(
    "renderer_unavailable",
    "No browser is available to render the page right now. Please retry shortly.",
  );
}

/**
 * Keeps one shared `Promise<Browser>` so concurrent callers wait for the same launch/connect,
 * and forgets it as soon as that browser disconnects (crash, kill, remote restart).
 */
export class WarmBrowser {
  private current: Promise<Browser> | undefined;

  constructor(private readonly open: () => Promise<Browser>) {}

  get(): Promise<Browser> {
    if (!this.current) this.current = this.watch(this.open());
    return this.current;
  }

  /**
   * Opens a new browser and, once `prepare` has run on it, hands it out instead of `old` (D17
   * recycling: renders keep the old one until the new one is ready). Does nothing if `old` is no
   * longer the current browser.
   */
  async replace(old: Browser, prepare: (fresh: Browser) => Promise<void>): Promise<void> {
    const before = this.current;
    if (!before || (await before.catch(() => undefined)) !== old) return;
    const fresh = await this.open();
    try {
      await prepare(fresh);
    } catch (error) {
      await fresh.close().catch(() => {});
      throw error;
    }
    if (this.current !== before) {
      await fresh.close().catch(() => {}); // replaced (or lost) meanwhile by someone else
      return;
    }
    this.current = this.watch(Promise.resolve(fresh));
  }

  /** Forgets the browser as soon as it disconnects or fails to open. */
  private watch(opening: Promise<Browser>): Promise<Browser> {
    const watched = opening.then((browser) => {
      metrics().browserLaunches.inc();
      browser.once("disconnected", () => {
        // Still in service when it went: a crash, not a close or a replacement (D40's metrics).
        if (this.current === watched) metrics().browserCrashes.inc();
        if (this.current === watched) this.current = undefined;
      });
      if (!browser.connected && this.current === watched) this.current = undefined;
      return browser;
    });
    watched.catch(() => {
      if (this.current === watched) this.current = undefined;
    });
    return watched;
  }

  /** Forgets the browser without waiting for its 'disconnected' event. */
  forget(browser?: Browser): void {
    const current = this.current;
    if (!current) return;
    if (!browser) {
      this.current = undefined;
      return;
    }
    void current.then(
      (b) => {
        if (b === browser && this.current === current) this.current = undefined;
      },
      () => {},
    );
  }

  /** The browser if one is open or opening, without starting one. */
  peek(): Promise<Browser> | undefined {
    return this.current;
  }
}
