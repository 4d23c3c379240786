/**
 * What a live session's client may send to the shared browser (D39). Every command passes here
 * before it reaches Chromium: it is forwarded as it is, forwarded rewritten, answered here, or
 * refused with a CDP error the client sees. The browser-wide session (the client's "browser
 * target") is default-deny — only the methods below exist there — because anything it does is
 * whole-browser; a page's own sessions are default-allow with a deny list of what reaches
 * beyond the page (the host's disk, other contexts, the network boundary).
 */
import { checkRequestUrl } from "@/lib/net/page-guard";

/** What the bridge knows of the session, for decisions that depend on ownership. */
export interface SessionScope {
  /** The context a client's `browser.newPage()` lands in: it stands for the browser's default one. */
  readonly primaryContextId: string;
  ownsContext(browserContextId: string): boolean;
  ownsTarget(targetId: string): Promise<boolean>;
  ownsSession(sessionId: string): boolean;
}

export type Params = Record<string, unknown>;

export type Verdict =
  | { action: "forward"; params: Params }
  | { action: "answer"; result: Params }
  | { action: "refuse"; message: string }
  /** Target.createBrowserContext: the bridge makes the context itself, under the guard. */
  | { action: "create-context" }
  | { action: "dispose-context"; browserContextId: string }
  /** Browser.close: ends this session (its contexts), never the shared browser. */
  | { action: "end-session" };

const refuse = (message: string): Verdict => ({ action: "refuse", message });
const forward = (params: Params): Verdict => ({ action: "forward", params });

/** Schemes a client may navigate a page or open a target to. */
const NAVIGABLE_SCHEMES = new Set(["http:", "https:", "about:", "data:", "blob:"]);

/** Refused wherever they are sent: each reaches past the session's pages (D39 lists why). */
const REFUSED: Record<string, string> = {
  "Target.exposeDevToolsProtocol": "would give a page the DevTools protocol",
  "Target.attachToBrowserTarget": "would give the whole browser",
  "Target.sendMessageToTarget": "is the non-flat protocol; attach with flatten: true",
  "Target.setRemoteLocations": "would make the browser connect elsewhere",
  "Target.openDevTools": "opens DevTools",
  "Network.setBypassServiceWorker": "would step around service-worker rules",
  "Network.loadNetworkResource": "loads resources outside any page",
  "Page.setDownloadBehavior": "would write downloads to the host's disk",
  "DOM.setFileInputFiles": "would read files from the host's disk",
  "Page.crash": "crashes the renderer",
  "Memory.simulatePressureNotification": "is browser-wide",
};

/** Whole domains that are browser-wide or host-wide: refused on every session. */
const REFUSED_DOMAINS = new Set(["Tracing", "SystemInfo", "Extensions", "PWA", "Cast", "BackgroundService"]);

/** The only methods the browser-wide session has besides Target.* (handled below). */
const BROWSER_SESSION_METHODS = new Set([
  "Browser.getVersion",
  "Browser.close",
  "Browser.setDownloadBehavior",
  "Browser.grantPermissions",
  "Browser.resetPermissions",
  "Browser.setPermission",
  "Browser.getWindowForTarget",
  "Storage.getCookies",
  "Storage.setCookies",
  "Storage.clearCookies",
]);

function text(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

function schemeOf(url: string): string | undefined {
  try {
    return new URL(url).protocol;
  } catch {
    return undefined;
  }
}

function checkNavigable(url: unknown): Verdict | undefined {
  const value = text(url);
  if (value === undefined || value === "") return undefined;
  const scheme = schemeOf(value);
  if (!scheme || !NAVIGABLE_SCHEMES.has(scheme)) {
    return refuse(`Navigating to ${scheme ?? "this"} URLs is not allowed in a Glance session.`);
  }
  return undefined;
}

/** A context parameter: absent means the session's own (the default it stands for); another's is refused. */
function withOwnContext(scope: SessionScope, params: Params, method: string): Verdict {
  const id = text(params.browserContextId);
  if (id === undefined) return forward({ ...params, browserContextId: scope.primaryContextId });
  return scope.ownsContext(id) ? forward(params) : refuse(`${method}: no such browser context in this session.`);
}

async function checkRedirectTarget(url: unknown, what: string): Promise<Verdict | undefined> {
  const value = text(url);
  if (value === undefined) return undefined;
  const reason = await checkRequestUrl(value);
  return reason ? refuse(`${what} toward a refused address (${reason}).`) : undefined;
}

function headerValue(headers: unknown, name: string): string | undefined {
  if (!Array.isArray(headers)) return undefined;
  const entry = headers.find(
    (h): h is { name: string; value: string } =>
      typeof h === "object" && h !== null && text((h as Params).name)?.toLowerCase() === name,
  );
  return entry?.value;
}

async function screenTarget(method: string, params: Params, scope: SessionScope): Promise<Verdict> {
  const targetId = text(params.targetId);
  const ownTarget = async () => targetId !== undefined && (await scope.ownsTarget(targetId));
  switch (method) {
    case "Target.getTargets":
    case "Target.setDiscoverTargets":
    case "Target.setAutoAttach":
    case "Target.getBrowserContexts":
      return forward(params); // answers and events are filtered on the way back
    case "Target.getTargetInfo":
      return targetId === undefined || (await ownTarget()) ? forward(params) : refuse("No target with given id found");
    case "Target.attachToTarget":
      if (params.flatten !== true) return refuse("Target.attachToTarget needs flatten: true in a Glance session.");
      return (await ownTarget()) ? forward(params) : refuse("No target with given id found");
    case "Target.activateTarget":
    case "Target.closeTarget":
    case "Target.autoAttachRelated":
      return (await ownTarget()) ? forward(params) : refuse("No target with given id found");
    case "Target.detachFromTarget": {
      const sessionId = text(params.sessionId);
      if (sessionId !== undefined)
        return scope.ownsSession(sessionId) ? forward(params) : refuse("No session with given id");
      return (await ownTarget()) ? forward(params) : refuse("No target with given id found");
    }
    case "Target.createTarget":
      return checkNavigable(params.url) ?? withOwnContext(scope, params, method);
    case "Target.createBrowserContext":
      if (params.proxyServer !== undefined || params.proxyBypassList !== undefined) {
        return refuse("A session's browser contexts use Glance's network boundary; proxyServer cannot be set.");
      }
      if (params.originsWithUniversalNetworkAccess !== undefined) {
        return refuse("originsWithUniversalNetworkAccess cannot be set in a Glance session.");
      }
      return { action: "create-context" };
    case "Target.disposeBrowserContext": {
      const id = text(params.browserContextId) ?? "";
      if (id === scope.primaryContextId) return refuse("The session's default browser context cannot be disposed.");
      return scope.ownsContext(id)
        ? { action: "dispose-context", browserContextId: id }
        : refuse("Failed to find context with id " + id);
    }
    default:
      return refuse(`${method} is not available in a Glance session.`);
  }
}

async function screenBrowser(method: string, params: Params, scope: SessionScope): Promise<Verdict> {
  switch (method) {
    case "Browser.getVersion":
      return forward(params);
    case "Browser.close":
      return { action: "end-session" };
    case "Browser.setDownloadBehavior": {
      // Downloads never reach the host's disk: any behaviour becomes "deny" on the client's context.
      const verdict = withOwnContext(scope, params, method);
      if (verdict.action !== "forward") return verdict;
      const { browserContextId, eventsEnabled } = verdict.params;
      return forward({ behavior: "deny", browserContextId, ...(eventsEnabled === undefined ? {} : { eventsEnabled }) });
    }
    case "Browser.grantPermissions":
    case "Browser.resetPermissions":
    case "Browser.setPermission":
      return withOwnContext(scope, params, method);
    case "Browser.getWindowForTarget":
      return text(params.targetId) !== undefined && (await scope.ownsTarget(text(params.targetId)!))
        ? forward(params)
        : refuse("Browser.getWindowForTarget needs one of this session's targets.");
    default:
      return refuse(`${method} affects the whole browser and is not available in a Glance session.`);
  }
}

/**
 * The verdict on one command. `onBrowserSession` is true for the client's top-level session
 * (no sessionId), false for a session it attached to one of its own targets.
 */
export async function screenCommand(
  method: string,
  params: Params,
  scope: SessionScope,
  onBrowserSession: boolean,
): Promise<Verdict> {
  const domain = method.split(".")[0];
  const refusal = REFUSED[method];
  if (refusal) return refuse(`${method} is not available in a Glance session: it ${refusal}.`);
  if (REFUSED_DOMAINS.has(domain)) return refuse(`The ${domain} domain is not available in a Glance session.`);
  // Any command that names a browser context (Storage's cookies on a page's session included)
  // names one of the session's own, or none.
  const contextId = text(params.browserContextId);
  if (contextId !== undefined && !scope.ownsContext(contextId) && method !== "Target.disposeBrowserContext") {
    return refuse(`${method}: no such browser context in this session.`);
  }
  if (domain === "Target") return screenTarget(method, params, scope);
  if (domain === "Browser") return screenBrowser(method, params, scope);
  if (domain === "Storage" && onBrowserSession) {
    return BROWSER_SESSION_METHODS.has(method)
      ? withOwnContext(scope, params, method)
      : refuse(`${method} is browser-wide here.`);
  }
  if (onBrowserSession) return refuse(`${method} is not available on the browser session; attach to a page first.`);
  return screenPageCommand(method, params);
}

async function screenPageCommand(method: string, params: Params): Promise<Verdict> {
  switch (method) {
    case "Page.navigate":
      return checkNavigable(params.url) ?? forward(params);
    case "Page.createIsolatedWorld":
      // Universal access would let the world's scripts read other origins (and file: URLs) unchecked.
      return forward({ ...params, grantUniveralAccess: false });
    case "Fetch.continueRequest":
    case "Network.continueInterceptedRequest":
      return (await checkRedirectTarget(params.url, "Rewriting a request")) ?? forward(params);
    case "Fetch.fulfillRequest":
      return (
        (await checkRedirectTarget(headerValue(params.responseHeaders, "location"), "A redirect")) ?? forward(params)
      );
    case "Input.dispatchDragEvent": {
      const files = (params.data as Params | undefined)?.files;
      return Array.isArray(files) && files.length > 0
        ? refuse("Dragging files from the host's disk is not available in a Glance session.")
        : forward(params);
    }
    default:
      return forward(params);
  }
}
