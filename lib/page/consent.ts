/**
 * blockCookies, part 1: DuckDuckGo's autoconsent (its shipped CMP rules, cosmetic rules and
 * heuristics) runs in the page, finds the consent manager, and opts out — so the banner is gone
 * the way a person would make it go. Part 2 is the AdGuard Cookie Notices network list (see
 * blocking.ts), which keeps many CMP scripts from loading at all.
 *
 * Wiring follows the package's Puppeteer guide (docs/puppeteer.md): the content script talks to
 * Node through an exposed function and gets its config and rules in the `initResp` reply.
 */
import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "puppeteer-core";
import type { Deadline } from "@/lib/browser";

const PACKAGE_DIR = path.join(process.cwd(), "node_modules", "@duckduckgo", "autoconsent");

let assets: { script: string; rules: unknown } | undefined;
function loadAssets() {
  assets ??= {
    // Run only in the top frame: replies go back through the main frame's evaluate.
    script: `if (window === window.top) {\n${readFileSync(path.join(PACKAGE_DIR, "dist", "autoconsent.playwright.js"), "utf8")}\n}`,
    rules: {
      autoconsent: [],
      compact: JSON.parse(readFileSync(path.join(PACKAGE_DIR, "rules", "compact-rules.json"), "utf8")),
    },
  };
  return assets;
}

const CONFIG = {
  enabled: true,
  autoAction: "optOut",
  disabledCmps: [],
  enablePrehide: true,
  enableCosmeticRules: true,
  enableGeneratedRules: true,
  // Each retry waits 500 ms; a screenshot cannot wait as long as a browsing session would.
  detectRetries: 3,
  isMainWorld: true,
  prehideTimeout: 2_000,
  enableHeuristicDetection: true,
  // Heuristics click "reject", or "OK"-style acknowledge buttons, never "accept".
  heuristicMode: "tier1",
  enablePopupMutationObserver: false,
  visualTest: false,
  performanceLoggingEnabled: false,
  logs: {
    lifecycle: false,
    rulesteps: false,
    detectionsteps: false,
    evals: false,
    errors: false,
    messages: false,
    waits: false,
  },
};

/** Lifecycle states after which autoconsent does nothing more on the page. */
const FINAL = new Set(["nothingDetected", "optOutSucceeded", "optOutFailed", "optInSucceeded", "optInFailed", "done"]);
/** A page may not keep the Node side busy: messages past this are ignored. */
const MAX_MESSAGES = 300;
/** Most CMPs fade out after the click. */
const EXIT_ANIMATION_MS = 350;
/**
 * How long a page must stay still (no DOM change, no request in flight) after autoconsent's
 * heuristic search found nothing before that "nothing" is taken as the answer (issue 51 point 8).
 * autoconsent searches again only after the DOM changes, so on a page that stays still it never
 * reports nothingDetected: every such capture used to wait settle's whole 4 s.
 */
const QUIET_MS = 1_000;
/** autoconsent's second search is the first with its heuristics (it runs them on even attempts). */
const HEURISTIC_ATTEMPT = 2;

interface AutoconsentMessage {
  type?: string;
  id?: string;
  code?: string;
  mainFrame?: boolean;
  state?: { lifecycle?: string; findCmpAttempts?: number };
  result?: boolean;
}

export interface ConsentHandling {
  /**
   * Waits until autoconsent has finished (or given up), or has searched with its heuristics and
   * found nothing while the page then stayed still for QUIET_MS; at most `maxMs`.
   */
  settle(deadline: Deadline, maxMs?: number): Promise<void>;
  /**
   * Runs autoconsent on the document as it is now. Needed for a page given as html: setContent
   * writes into the blank page's document, so the script installed for new documents ran on the
   * empty page (and found nothing) before the html was there.
   */
  runOnCurrentDocument(): Promise<void>;
  /** Lifecycle seen last (for tests and logs). */
  readonly lifecycle: string;
  readonly actedOnPopup: boolean;
}

export async function enableConsentHandling(page: Page): Promise<ConsentHandling> {
  const { script, rules } = loadAssets();
  let lifecycle = "loading";
  let actedOnPopup = false;
  let messages = 0;
  const waiters = new Set<() => void>();
  const notify = () => waiters.forEach((w) => w());
  // What "the page is still" reads: autoconsent's searches (one starts after each DOM change) and
  // the page's requests, a CMP's script or its settings on the way.
  let attempts = 0;
  let inFlight = 0;
  let lastActivity = performance.now();
  const active = () => {
    lastActivity = performance.now();
  };
  const started = () => {
    inFlight++;
    active();
  };
  const ended = () => {
    inFlight = Math.max(0, inFlight - 1);
    active();
  };
  page.on("request", started);
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  const stillAfterSearching = () =>
    lifecycle === "started" &&
    attempts >= HEURISTIC_ATTEMPT &&
    inFlight === 0 &&
    performance.now() - lastActivity >= QUIET_MS;

  const reply = (message: unknown) =>
    page
      .evaluate(
        (m) =>
          (window as unknown as { autoconsentReceiveMessage?: (m: unknown) => unknown }).autoconsentReceiveMessage?.(m),
        message,
      )
      .catch(() => {});

  await page.exposeFunction("autoconsentSendMessage", async (message: AutoconsentMessage) => {
    if (!message || typeof message !== "object" || ++messages > MAX_MESSAGES) return;
    switch (message.type) {
      case "init":
        return reply({ type: "initResp", config: CONFIG, rules });
      case "eval": {
        // Rule snippets that must run in the page's main world (the page runs its own code anyway).
        const result = typeof message.code === "string" ? await page.evaluate(message.code).catch(() => false) : false;
        return reply({ type: "evalResp", id: message.id, result });
      }
      case "report":
        if (message.mainFrame !== false && message.state?.lifecycle) lifecycle = message.state.lifecycle;
        if (message.mainFrame !== false && (message.state?.findCmpAttempts ?? 0) > attempts) {
          attempts = message.state!.findCmpAttempts!;
          active();
        }
        break;
      case "popupFound":
        actedOnPopup = true;
        break;
      case "autoconsentDone":
        lifecycle = "done";
        break;
    }
    notify();
  });
  await page.evaluateOnNewDocument(script);

  return {
    async runOnCurrentDocument() {
      lifecycle = "loading";
      actedOnPopup = false;
      await page.evaluate(script).catch(() => {});
    },
    get lifecycle() {
      return lifecycle;
    },
    get actedOnPopup() {
      return actedOnPopup;
    },
    async settle(deadline, maxMs = 4_000) {
      const limit = Math.min(maxMs, deadline.remaining());
      if (!FINAL.has(lifecycle) && !stillAfterSearching()) {
        await new Promise<void>((resolve) => {
          const finish = () => {
            clearTimeout(timer);
            clearInterval(poll);
            waiters.delete(done);
            resolve();
          };
          const done = () => {
            if (FINAL.has(lifecycle) || stillAfterSearching()) finish();
          };
          const timer = setTimeout(finish, limit);
          // Stillness is the absence of events: it is looked for, not announced.
          const poll = setInterval(done, 100);
          waiters.add(done);
        });
      }
      if (actedOnPopup) await deadline.sleep(Math.min(EXIT_ANIMATION_MS, deadline.remaining()));
    },
  };
}
