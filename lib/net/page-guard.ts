/**
 * Second layer of target safety on each page (the first, and the boundary, is the guard proxy).
 * Request interception aborts what the policy refuses, downloads are denied, pop-ups closed,
 * service workers kept from registering, and the page's lifetime is bounded. It also tells the
 * engine when the main document itself was refused, which D9 turns into a 400.
 *
 * Interception is cooperative (puppeteer's priorities), so the screenshot engine's own handlers
 * (ad blocking) can run on the same page: an abort here outranks any continue elsewhere.
 */
import type { HTTPRequest, HTTPResponse, Page, Target } from "puppeteer-core";
import { env } from "@/lib/env";
import { connectorRouting, type ConnectorFailure, type ConnectorRouting } from "./connector-route";
import { GUARD_HEADER } from "./guard-proxy";
import { isAllowedOrigin } from "./policy";
import { checkHost, verdictWithoutLookup } from "./resolve";

/** Higher than anything a content blocker uses, so a refusal cannot be overridden. */
const GUARD_ABORT_PRIORITY = 1_000_000;

export type BlockReason = "unsupported_url" | "private_address" | "target_unreachable";

interface BlockedRequest {
  /** Origin only: paths and queries can carry secrets. */
  origin: string;
  reason: BlockReason;
  resourceType: string;
  navigation: boolean;
}

export interface PageGuard {
  /** Requests refused on this page so far (bounded list). */
  readonly blocked: BlockedRequest[];
  /** Set when the main frame's document (or a redirect of it) was refused. */
  mainDocumentBlock(): BlockedRequest | undefined;
  /** Pop-ups closed so far. */
  readonly popupsClosed: number;
  /** False when the endpoint refused Browser.setDownloadBehavior (downloads then rely on the proxy). */
  readonly downloadsDenied: boolean;
  /**
   * Closes the page this long from now instead (whatever happens): a render that takes a spare page
   * gives it its own deadline, which may be far longer than a spare's lifetime (a recording job).
   */
  closeAfter(ms: number): void;
  /** When the page will be closed (epoch ms). */
  readonly closesAt: number;
  /**
   * This page renders for `workspaceId` (D42): requests on origins its connectors declared are
   * answered through them (connector-route.ts); set once per render, before it navigates.
   */
  routeFor(workspaceId: string): void;
  /** Set when the main document was to come through a connector that did not answer it. */
  connectorFailure(): ConnectorFailure | undefined;
  dispose(): void;
}

export interface GuardPageOptions {
  /** The page is closed after this long whatever happens (default 90 s). */
  maxLifetimeMs?: number;
  /**
   * The page's traffic goes through a customer's proxy, which resolves names (D41): requests are
   * judged only by what needs no DNS (IP literals, reserved names), and the page answers the route
   * guard's challenge with these credentials instead of the guard token.
   */
  proxyRoute?: { username: string; password: string };
}

/** Schemes a page may use for subresources without a network request. */
const LOCAL_SCHEMES = new Set(["data:", "blob:", "about:"]);

/**
 * The per-request decision, for an engine that prefers one interception handler of its own:
 * undefined when allowed, otherwise why not. `cache` memoises host verdicts for one render.
 */
export async function checkRequestUrl(
  rawUrl: string,
  cache: Map<string, Promise<BlockReason | undefined>> = new Map(),
  options: { resolveNames?: boolean } = {},
): Promise<BlockReason | undefined> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return "unsupported_url";
  }
  if (LOCAL_SCHEMES.has(url.protocol)) return undefined;
  if (url.protocol !== "http:" && url.protocol !== "https:") return "unsupported_url";
  const key = url.origin;
  let verdict = cache.get(key);
  if (!verdict && options.resolveNames === false) {
    // Through a customer's proxy the proxy resolves the name (D41); only what needs no DNS is judged.
    const known = verdictWithoutLookup(url.hostname, { allowPrivate: isAllowedOrigin(url) });
    verdict = Promise.resolve(known && !known.ok ? known.reason : undefined);
    cache.set(key, verdict);
  }
  if (!verdict) {
    verdict = checkHost(url.hostname, { allowPrivate: isAllowedOrigin(url) }).then((v) =>
      v.ok ? undefined : v.reason,
    );
    cache.set(key, verdict);
  }
  return verdict;
}

function originOf(rawUrl: string): string {
  try {
    const u = new URL(rawUrl);
    return u.origin === "null" ? `${u.protocol}` : u.origin;
  } catch {
    return "(invalid)";
  }
}

async function denyDownloads(page: Page): Promise<void> {
  const session = await page.createCDPSession();
  try {
    const browserContextId = page.browserContext().id;
    await session.send("Browser.setDownloadBehavior", {
      behavior: "deny",
      ...(browserContextId ? { browserContextId } : {}),
    });
  } finally {
    await session.detach().catch(() => {});
  }
}

/** Runs in every frame before its scripts: no service worker can be registered. */
function blockServiceWorkersInPage() {
  const container = (globalThis as { ServiceWorkerContainer?: { prototype: { register: unknown } } })
    .ServiceWorkerContainer;
  if (container) {
    Object.defineProperty(container.prototype, "register", {
      value: () => Promise.reject(new DOMException("Service workers are disabled", "SecurityError")),
      writable: false,
      configurable: false,
    });
  }
}

/** A guard reachable beyond loopback (remote browsers) asks for its token as proxy credentials. */
export async function answerGuardChallenge(page: Page): Promise<void> {
  const token = env().NET_GUARD_TOKEN;
  if (token) await page.authenticate({ username: "glance", password: token });
}

export async function guardPage(page: Page, options: GuardPageOptions = {}): Promise<PageGuard> {
  const blocked: BlockedRequest[] = [];
  let mainBlock: BlockedRequest | undefined;
  let popupsClosed = 0;
  const cache = new Map<string, Promise<BlockReason | undefined>>();
  let connectors: ConnectorRouting | undefined;

  const record = (request: HTTPRequest, reason: BlockReason) => {
    const entry: BlockedRequest = {
      origin: originOf(request.url()),
      reason,
      resourceType: request.resourceType(),
      navigation: request.isNavigationRequest(),
    };
    if (blocked.length < 200) blocked.push(entry);
    if (entry.navigation && request.frame() === page.mainFrame()) mainBlock ??= entry;
  };

  // Puppeteer's Page.on("request") already runs each listener as an enqueued intercept action
  // and awaits it before resolving the request, so the listener awaits its check directly. (An
  // action enqueued from inside a listener is never run: the queue is read before listeners run.)
  const onRequest = async (request: HTTPRequest) => {
    if (request.isInterceptResolutionHandled()) return;
    if (connectors && (await connectors.route(request, GUARD_ABORT_PRIORITY))) return;
    const reason = await checkRequestUrl(request.url(), cache, { resolveNames: !options.proxyRoute });
    if (request.isInterceptResolutionHandled()) return;
    if (reason) {
      record(request, reason);
      await request.abort("blockedbyclient", GUARD_ABORT_PRIORITY).catch(() => {});
    } else {
      await request.continue(request.continueRequestOverrides(), 0).catch(() => {});
    }
  };

  // A refusal by the guard proxy on a plain-http main document arrives as its 403 page.
  const onResponse = (response: HTTPResponse) => {
    const request = response.request();
    if (
      response.headers()[GUARD_HEADER] === "refused" &&
      request.isNavigationRequest() &&
      request.frame() === page.mainFrame()
    ) {
      const entry: BlockedRequest = {
        origin: originOf(response.url()),
        reason: "private_address",
        resourceType: "document",
        navigation: true,
      };
      if (blocked.length < 200) blocked.push(entry);
      mainBlock ??= entry;
    }
  };

  const context = page.browserContext();
  // Pop-ups: any page opened by script (it has an opener) in this page's context is closed at
  // once; whatever it manages to request first still meets the guard proxy.
  const onTarget = async (target: Target) => {
    if (target === page.target() || target.type() !== "page" || !target.opener()) return;
    popupsClosed++;
    const popup = await target.asPage().catch(() => null);
    await popup?.close({ runBeforeUnload: false }).catch(() => {});
  };

  page.on("request", onRequest);
  page.on("response", onResponse);
  context.on("targetcreated", onTarget);
  // Independent DevTools calls, sent together: each is a round trip on the render's path (the
  // page is made on demand, D30), and none needs another's answer. All are in place before the
  // caller can navigate.
  const [downloadsDenied] = await Promise.all([
    // Remote endpoints may not expose the Browser domain to page sessions; the guard proxy still
    // decides what a download could reach.
    denyDownloads(page).then(
      () => true,
      () => false,
    ),
    page.setRequestInterception(true),
    options.proxyRoute ? page.authenticate(options.proxyRoute) : answerGuardChallenge(page),
    page.setBypassServiceWorker(true),
    page.evaluateOnNewDocument(blockServiceWorkersInPage),
  ]);

  let closesAt = 0;
  const closeLater = (ms: number) => {
    closesAt = Date.now() + ms;
    const timer = setTimeout(() => {
      void page.close({ runBeforeUnload: false }).catch(() => {});
    }, ms);
    timer.unref?.();
    return timer;
  };
  let lifetime = closeLater(options.maxLifetimeMs ?? 90_000);

  return {
    blocked,
    mainDocumentBlock: () => mainBlock,
    get popupsClosed() {
      return popupsClosed;
    },
    downloadsDenied,
    closeAfter(ms) {
      clearTimeout(lifetime);
      lifetime = closeLater(ms);
    },
    get closesAt() {
      return closesAt;
    },
    routeFor(workspaceId) {
      connectors = connectorRouting(workspaceId, (r) => r.isNavigationRequest() && r.frame() === page.mainFrame());
    },
    connectorFailure: () => connectors?.mainFailure(),
    dispose() {
      clearTimeout(lifetime);
      page.off("request", onRequest);
      page.off("response", onResponse);
      context.off("targetcreated", onTarget);
    },
  };
}
