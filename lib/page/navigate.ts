/**
 * Loading the target and turning a failed load into the right answer: a document refused by the
 * target guard is a 400 private_address (D9), a host that cannot be reached or a TLS failure is
 * a 400 target_unreachable (D10), a load past the deadline is a 504. The target's own HTTP
 * errors (404, 500 pages) come back as a response like any other: whether they are captured is
 * failOnHttpError's decision (capture.ts, D19).
 */
import type { HTTPResponse, Page } from "puppeteer-core";
import { ApiError } from "@/lib/vocabulary/errors";
import type { Deadline } from "@/lib/browser";
import { timeoutError } from "@/lib/browser";
import { connectorRefusal } from "@/lib/net/connector-route";
import { GUARD_HEADER } from "@/lib/net/guard-proxy";
import type { PageGuard } from "@/lib/net/page-guard";
import type { WaitUntil } from "./params-page";

/** Chromium's net error for the main document, when it failed before any response. */
function netErrorOf(error: unknown): string | undefined {
  return error instanceof Error ? /net::(ERR_[A-Z0-9_]+)/.exec(error.message)?.[1] : undefined;
}

/** Where the refused document came from: the load itself, or the page navigating itself afterwards (D23). */
type Origin = { loaded: true } | { loaded: false; param: "url" | "html" };

function guardRefusal(guard: PageGuard, origin: Origin = { loaded: true }): ApiError | undefined {
  const viaConnector = guard.connectorFailure();
  if (viaConnector) return connectorRefusal(viaConnector, origin.loaded ? "url" : origin.param);
  const block = guard.mainDocumentBlock();
  if (!block) return undefined;
  const param = origin.loaded ? "url" : origin.param;
  const after = origin.loaded
    ? ""
    : " The page navigated itself there after loading (a meta refresh, a script, a form or a link); this is refused like a redirect, and nothing was captured or charged.";
  if (block.reason === "target_unreachable") {
    return new ApiError(
      "target_unreachable",
      (origin.loaded ? "The url's host" : "The host the page navigated to") +
        ` could not be resolved or connected to.${after}`,
      { param },
    );
  }
  if (block.reason === "unsupported_url") {
    return new ApiError("unsupported_url", `The page navigated to a URL that is not http or https.${after}`, { param });
  }
  return new ApiError(
    "private_address",
    origin.loaded
      ? "The url (or a redirect from it) points to a private, loopback or otherwise non-public address, which cannot be captured."
      : `The page navigated to a private, loopback or otherwise non-public address.${after}`,
    { param },
  );
}

/**
 * D23: the page must still show a document it was allowed to load. A main-frame navigation the
 * guard refused at any time during the render (a meta refresh, `location`, a form, a clicked link
 * to a refused address), or Chromium's own error page standing in for a document that could not
 * be loaded, fails the render — never a capture of the error page answered 200.
 */
export function assertLoadedDocument(page: Page, guard: PageGuard, param: "url" | "html"): void {
  const refused = guardRefusal(guard, { loaded: false, param });
  if (refused) throw refused;
  if (page.url().startsWith("chrome-error:")) {
    throw new ApiError(
      "target_unreachable",
      "The page navigated to an address that could not be loaded, and Chromium showed its error page instead. Nothing was captured or charged.",
      { param },
    );
  }
}

/**
 * D23: an error thrown while a page was navigating itself away (an evaluation whose document was
 * replaced, a detached frame) says nothing the caller can act on; the guard's refusal does, once
 * the navigation has got as far as the guard or Chromium's error page. Up to 1 s is given for that,
 * then the refusal (if any) is thrown instead of the error; otherwise the error itself. ApiErrors
 * (a timeout, a selector not found) already name their cause and are thrown at once.
 */
export async function refusalOr(
  error: unknown,
  page: Page,
  guard: PageGuard,
  param: "url" | "html",
  deadline: Deadline,
): Promise<never> {
  if (error instanceof ApiError) {
    assertLoadedDocument(page, guard, param);
    throw error;
  }
  for (let waited = 0; waited < 1_000 && !deadline.expired(); waited += 100) {
    assertLoadedDocument(page, guard, param);
    await deadline.sleep(100);
  }
  assertLoadedDocument(page, guard, param);
  throw error;
}

export async function navigate(
  page: Page,
  url: string,
  guard: PageGuard,
  deadline: Deadline,
  waitUntil: WaitUntil = "load",
): Promise<HTTPResponse | null> {
  let response: HTTPResponse | null;
  try {
    response = await page.goto(url, { waitUntil, timeout: Math.max(1, deadline.remaining()) });
  } catch (error) {
    const refused = guardRefusal(guard);
    if (refused) throw refused;
    const code = netErrorOf(error);
    if (code === "ERR_PROXY_CONNECTION_FAILED") {
      // Our own guard proxy is not answering: a renderer-side failure, not the caller's.
      throw new ApiError("renderer_unavailable", "The renderer's network path is unavailable. Please retry shortly.");
    }
    if (code === "ERR_ABORTED") {
      throw new ApiError("target_unreachable", "The url did not load as a page (it may be a file download).", {
        param: "url",
      });
    }
    if (code) {
      throw new ApiError("target_unreachable", `The url could not be loaded (${code}).`, { param: "url" });
    }
    if (deadline.expired()) throw timeoutError(deadline.totalMs);
    throw error;
  }
  // The guard proxy answers a refused plain-http document itself: 403 when the address is not
  // public, 502 when it could not be resolved or connected to. Its status is the precise reason.
  if (response?.headers()[GUARD_HEADER] === "refused") {
    if (response.status() === 403) {
      throw new ApiError(
        "private_address",
        "The url (or a redirect from it) points to a non-public address, which cannot be captured.",
        { param: "url" },
      );
    }
    throw new ApiError("target_unreachable", "The url's host could not be resolved or connected to.", { param: "url" });
  }
  const refused = guardRefusal(guard);
  if (refused) throw refused;
  return response;
}

/**
 * A page given as html (D19), written into the blank page. Everything it loads goes through the
 * page guard and the guard proxy like any page's subresources; a load past the deadline is a 504.
 */
export async function loadHtml(
  page: Page,
  html: string,
  deadline: Deadline,
  waitUntil: WaitUntil = "load",
): Promise<void> {
  try {
    // setContent knows load and domcontentloaded; the network-idle waits follow the load.
    const idle = waitUntil === "networkidle0" ? 0 : waitUntil === "networkidle2" ? 2 : undefined;
    await page.setContent(html, {
      waitUntil: idle === undefined ? (waitUntil as "load" | "domcontentloaded") : "load",
      timeout: Math.max(1, deadline.remaining()),
    });
    if (idle !== undefined)
      await page.waitForNetworkIdle({ idleTime: 500, concurrency: idle, timeout: Math.max(1, deadline.remaining()) });
  } catch (error) {
    if (deadline.expired() || (error instanceof Error && error.name === "TimeoutError"))
      throw timeoutError(deadline.totalMs);
    throw error;
  }
}
