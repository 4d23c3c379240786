/**
 * Isolation after heavy pages (D17). A page that timed out or went over a budget (frames, DOM
 * nodes, JS heap) can leave Chromium busy long after the answer: tearing down ten thousand frames
 * takes seconds of CPU that the next renders pay for. Such a browser is replaced instead: a new
 * one is launched and given its spare pages in the background while renders continue on the old
 * one (no request sees the gap), then new renders go to the new one and the old process is
 * killed as soon as its last render has ended — the heavy context dies with it instead of being
 * closed frame by frame. Browsers are also replaced after MAX_RENDERS renders or MAX_AGE_MS.
 */
import type { Browser, Page } from "puppeteer-core";
import { log } from "@/lib/log";
import { metrics } from "@/lib/observability/metrics";

/** Past any of these a page counts as heavy (Chromium's own page metrics). */
const PAGE_BUDGET = { frames: 1_000, nodes: 1_000_000, jsHeapBytes: 512 * 1024 * 1024 } as const;
/**
 * A page whose renderer cannot report its metrics within this is taken as hung (wedged: a page
 * stuck in a script loop still answers in well under a second). Not shorter: a busy machine
 * answers late without anything being wrong — at load average ~36 on 2 cores, 12 of 56 metrics
 * calls after ordinary Debian documentation pages took 1–2 s, and under a 1-s bound each late
 * answer replaced the whole browser, a relaunch that made the load worse (D30).
 */
export const METRICS_TIMEOUT_MS = 5_000;
const MAX_RENDERS = 500;
const MAX_AGE_MS = 30 * 60_000;

/** What a browser source must offer to have its browsers replaced (local Chromium). */
export interface Replaceable {
  /** Opens a new browser, runs `prepare` on it, then hands out the new one instead of `old`. */
  replace(old: Browser, prepare: (fresh: Browser) => Promise<void>): Promise<void>;
}

/** Why a finished page's browser should be replaced, or undefined when it stayed within budget. */
export async function overBudget(page: Page, timedOut: boolean): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const metrics = await Promise.race([
    page.metrics().catch(() => undefined),
    new Promise<"hung">((resolve) => (timer = setTimeout(() => resolve("hung"), METRICS_TIMEOUT_MS))),
  ]);
  clearTimeout(timer);
  if (metrics === "hung") return "page unresponsive";
  if (!metrics) return timedOut ? "timed out, metrics unavailable" : undefined;
  if ((metrics.Frames ?? 0) > PAGE_BUDGET.frames) return "frames";
  if ((metrics.Nodes ?? 0) > PAGE_BUDGET.nodes) return "DOM nodes";
  if ((metrics.JSHeapUsedSize ?? 0) > PAGE_BUDGET.jsHeapBytes) return "JS heap";
  return undefined;
}

interface Life {
  bornAt: number;
  renders: number;
  inUse: number;
  /** A replacement is being made (or is made): no new spares here, contexts are not closed. */
  retiring: boolean;
  /** The replacement is serving: the old process goes when its last render ends. */
  replaced: boolean;
}

export class BrowserRecycler {
  private readonly lives = new WeakMap<Browser, Life>();

  constructor(
    private readonly source: Partial<Replaceable>,
    private readonly prepare: (fresh: Browser) => Promise<void>,
    private readonly limits: { maxRenders: number; maxAgeMs: number } = {
      maxRenders: MAX_RENDERS,
      maxAgeMs: MAX_AGE_MS,
    },
  ) {}

  private lifeOf(browser: Browser): Life {
    let life = this.lives.get(browser);
    if (!life)
      this.lives.set(browser, (life = { bornAt: Date.now(), renders: 0, inUse: 0, retiring: false, replaced: false }));
    return life;
  }

  /** A render starts on `browser`. */
  enter(browser: Browser): void {
    const life = this.lifeOf(browser);
    life.inUse++;
    life.renders++;
    if (life.renders >= this.limits.maxRenders) this.recycle(browser, "render count");
    else if (Date.now() - life.bornAt >= this.limits.maxAgeMs) this.recycle(browser, "age");
  }

  /** A render on `browser` has ended (its context closed or abandoned). */
  leave(browser: Browser): void {
    const life = this.lifeOf(browser);
    life.inUse--;
    if (life.replaced && life.inUse === 0) kill(browser);
  }

  /** The browser is being replaced: its contexts need no closing and it gets no new spares. */
  isRetiring(browser: Browser): boolean {
    return this.lives.get(browser)?.retiring ?? false;
  }

  /** Replaces `browser` in the background (once); sources that cannot (remote fleets) keep it. */
  recycle(browser: Browser, reason: string): void {
    const life = this.lifeOf(browser);
    if (life.retiring || !this.source.replace || !browser.connected) return;
    life.retiring = true;
    metrics().browserRecycles.inc({ reason });
    log.info("browser recycling", { reason, renders: life.renders, ageMs: Date.now() - life.bornAt });
    this.source.replace(browser, this.prepare).then(
      () => {
        life.replaced = true;
        if (life.inUse === 0) kill(browser);
      },
      (error: unknown) => {
        // No replacement could be launched: keep serving from the old one.
        life.retiring = false;
        log.warn("browser recycling failed", { error });
      },
    );
  }
}

/** The old process goes at once: closing a degraded browser politely is the cost we avoid. */
function kill(browser: Browser): void {
  const process = browser.process();
  if (process && process.exitCode === null) process.kill("SIGKILL");
  else void browser.close().catch(() => {});
}
