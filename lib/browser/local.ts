/**
 * The embedded default: a Chromium launched on this machine, kept warm, relaunched after it dies.
 * Its contexts get the guard as their proxy like every render's (lib/net, D16); the launch flags
 * route the rest of the browser's traffic through it too.
 */
import { existsSync } from "node:fs";
import puppeteer, { type Browser } from "puppeteer-core";
import { env } from "@/lib/env";
import { chromiumNetworkArgs, withDisabledFeatures } from "@/lib/net/chromium";
import type { Deadline } from "./deadline";
import { RENDER_DISABLED_FEATURES } from "./render-features";
import { type BrowserSource, rendererUnavailable, WarmBrowser } from "./source";

const CANDIDATE_PATHS = [
  "/usr/lib/chromium/chromium",
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
];
/** How long a Chromium launch may take before it counts as failed (a replacement is then abandoned, D17). */
export const LAUNCH_TIMEOUT_MS = 30_000;

/** Flags for rendering pages, independent of networking (that part comes from lib/net). */
const RENDER_FLAGS = [
  "--disable-dev-shm-usage", // containers often have a 64 MB /dev/shm; large pages crash there
  "--hide-scrollbars",
  "--mute-audio",
  "--disable-extensions",
  "--disable-default-apps",
  "--disable-breakpad",
  "--disable-notifications",
  "--disable-renderer-backgrounding",
  "--disable-background-timer-throttling",
  "--disable-backgrounding-occluded-windows",
  "--no-default-browser-check",
  "--password-store=basic",
  "--use-mock-keychain",
];

function findChromium(): string | undefined {
  const configured = env().CHROME_PATH;
  if (configured) return existsSync(configured) ? configured : undefined;
  return CANDIDATE_PATHS.find((p) => existsSync(p));
}

export class LocalBrowserSource implements BrowserSource {
  readonly kind = "local" as const;
  private readonly warm = new WarmBrowser(() => this.launch());
  private closed = false;

  async acquire(deadline: Deadline, avoid?: Browser): Promise<Browser> {
    // One endpoint: a render whose browser died has no other to be retried on.
    if (avoid) throw rendererUnavailable();
    try {
      return await deadline.race(this.warm.get());
    } catch (error) {
      if (deadline.expired()) throw error;
      throw rendererUnavailable();
    }
  }

  async connectAll(deadline: Deadline): Promise<Browser[]> {
    return [await this.acquire(deadline)];
  }

  reportFailure(): void {
    // A dead local browser is forgotten on its 'disconnected' event and relaunched on next use.
  }

  /** A fresh Chromium instead of `old`, ready (`prepare`d) before any render is sent to it (D17). */
  replace(old: Browser, prepare: (fresh: Browser) => Promise<void>): Promise<void> {
    if (this.closed) return Promise.resolve();
    return this.warm.replace(old, prepare);
  }

  async close(): Promise<void> {
    this.closed = true;
    const pending = this.warm.peek();
    this.warm.forget();
    const browser = await pending?.catch(() => undefined);
    await browser?.close().catch(() => browser.process()?.kill("SIGKILL"));
  }

  private async launch(): Promise<Browser> {
    if (this.closed) throw rendererUnavailable();
    const executablePath = findChromium();
    if (!executablePath) throw rendererUnavailable();
    // Chromium's sandbox refuses to start as root; as any other user it stays on unless the
    // operator turned it off (a container, where it cannot create its namespaces: D29).
    const sandboxOff = env().CHROMIUM_SANDBOX === "off" || (!env().CHROMIUM_SANDBOX && process.getuid?.() === 0);
    const sandbox = sandboxOff ? ["--no-sandbox"] : [];
    return puppeteer.launch({
      executablePath,
      headless: true,
      pipe: true,
      defaultViewport: null,
      timeout: LAUNCH_TIMEOUT_MS,
      protocolTimeout: 90_000,
      // The app owns process signals; puppeteer still kills Chromium when Node exits.
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
      args: withDisabledFeatures(
        [...sandbox, ...RENDER_FLAGS, ...(await chromiumNetworkArgs())],
        RENDER_DISABLED_FEATURES,
      ),
    });
  }
}
