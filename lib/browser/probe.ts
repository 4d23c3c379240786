/**
 * Can a browser render, not only connect (D16)? A browser whose contexts cannot reach this
 * instance's guard (wrong NET_GUARD_URL, a firewall between them, the guard's token refused)
 * connects fine and fails every render. What renders report is kept per browser; when nothing
 * recent is known, a probe loads the guard's own probe page through a context set up exactly as
 * a render's and checks that the answer came from this instance's guard.
 */
import type { Browser } from "puppeteer-core";
import { contextBoundary } from "@/lib/net/chromium";
import { GUARD_HEADER, GUARD_PROBE_HOST, guardProxy } from "@/lib/net/guard-proxy";
import { answerGuardChallenge } from "@/lib/net/page-guard";
import type { Deadline } from "./deadline";
import { closeContext } from "./spares";

/** How long what a render or probe found stands for the browser. */
const STATE_FRESH_MS = 10_000;

interface RenderState {
  ok: boolean;
  at: number;
}

const states = new WeakMap<Browser, RenderState>();
const probing = new WeakMap<Browser, Promise<boolean>>();

/** Records what a render on `browser` showed about it. */
export function noteRenderOutcome(browser: Browser, ok: boolean): void {
  states.set(browser, { ok, at: Date.now() });
}

/** True when `browser` rendered (or was probed) successfully lately; probes when nothing is known. */
export async function canRender(browser: Browser, deadline: Deadline): Promise<boolean> {
  if (!browser.connected) return false;
  const known = states.get(browser);
  if (known && Date.now() - known.at < STATE_FRESH_MS) return known.ok;
  let running = probing.get(browser);
  if (!running) {
    running = probe(browser, deadline).catch(() => false);
    probing.set(browser, running);
    void running.then((ok) => {
      probing.delete(browser);
      noteRenderOutcome(browser, ok);
    });
  }
  return running;
}

async function probe(browser: Browser, deadline: Deadline): Promise<boolean> {
  const [guard, boundary] = await Promise.all([guardProxy(), contextBoundary()]);
  const context = await deadline.race(
    browser.createBrowserContext({ downloadBehavior: { policy: "deny" }, ...boundary }),
  );
  try {
    const page = await deadline.race(context.newPage());
    await deadline.race(answerGuardChallenge(page));
    const response = await deadline.race(
      page.goto(`http://${GUARD_PROBE_HOST}/`, { timeout: Math.max(1, deadline.remaining()) }),
    );
    return response?.headers()[GUARD_HEADER] === `probe ${guard.id}`;
  } finally {
    void closeContext(context);
  }
}
