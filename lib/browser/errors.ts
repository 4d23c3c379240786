/**
 * Turns what goes wrong inside a render into the API's answer (D10): our own ApiErrors pass
 * through, puppeteer time-outs become 504, and anything that means "the browser went away"
 * becomes 502 renderer_unavailable. Other failures stay as they are (the pipeline turns them into
 * a 500 with no internal message).
 */
import { TimeoutError, type Browser } from "puppeteer-core";
import { ApiError } from "@/lib/vocabulary/errors";
import { timeoutError } from "./deadline";
import { rendererUnavailable } from "./source";

const BROWSER_GONE =
  /Target closed|Session closed|Connection closed|Protocol error|WebSocket is not open|Navigating frame was detached|Page crashed|browser has disconnected|Browser closed/i;

/** Waits a moment for a dying browser's 'disconnected' event, so a crash is not mistaken for a page error. */
function disconnectedSoon(browser: Browser, ms = 250): Promise<boolean> {
  if (!browser.connected) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      browser.off("disconnected", onGone);
      resolve(!browser.connected);
    }, ms);
    const onGone = () => {
      clearTimeout(timer);
      resolve(true);
    };
    browser.once("disconnected", onGone);
  });
}

export async function classifyRenderError(
  error: unknown,
  browser: Browser | undefined,
  timeoutMs: number,
): Promise<unknown> {
  if (
    browser &&
    (await disconnectedSoon(browser, error instanceof Error && BROWSER_GONE.test(error.message) ? 250 : 0))
  ) {
    // Whatever the immediate error was, the browser is gone: that is the real cause.
    return error instanceof ApiError && error.code === "render_timeout" ? error : rendererUnavailable();
  }
  if (error instanceof ApiError) return error;
  if (error instanceof TimeoutError) return timeoutError(timeoutMs);
  if (error instanceof Error && /Page crashed/i.test(error.message)) return rendererUnavailable();
  return error;
}
