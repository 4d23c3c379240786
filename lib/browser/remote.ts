/**
 * Remote browsers (D12 production): one or several CDP endpoints from BROWSER_WS_ENDPOINT
 * (browserless or any Chromium started with --remote-debugging-port). Renders are spread
 * round-robin; an endpoint that refuses or drops is skipped for the next one, and one whose
 * connection failed recently is tried last. Each endpoint's connection stays warm and is
 * re-established after a disconnect. The boundary does not depend on how a remote browser was
 * started: every render's context gets this instance's guard as its proxy (lib/net, D16), and a
 * browser whose pages could send UDP around that proxy (WebRTC) is refused when connected.
 */
import puppeteer, { type Browser, type ConnectOptions } from "puppeteer-core";
import { remoteEndpointWithGuard } from "@/lib/net/chromium";
import { Deadline } from "./deadline";
import { RENDER_DISABLED_FEATURES } from "./render-features";
import { type BrowserSource, rendererUnavailable, WarmBrowser } from "./source";
import { refuseUncontainedWebRtc } from "./webrtc";

/**
 * A refused connection fails at once; this bounds one that hangs (blackholed host, slow TLS).
 * browserless starts a Chromium for each connection, which takes seconds on a busy host, and a
 * render's own deadline still bounds its wait.
 */
const CONNECT_TIMEOUT_MS = 20_000;
/** How long a failed endpoint goes to the back of the line. */
const FAILURE_COOLDOWN_MS = 10_000;
/** Bounds the WebRTC check on a fresh connection (it takes a few hundred ms on a busy host). */
const WEBRTC_CHECK_MS = 15_000;

interface Endpoint {
  url: string;
  warm: WarmBrowser;
  failedAt: number;
  /** The browser last connected to (a retry avoids the endpoint its render died on). */
  browser?: Browser;
}

/** ws(s):// is a browser WebSocket endpoint; http(s):// is a DevTools HTTP address (/json/version). */
function connectOptionsFor(endpoint: string): ConnectOptions {
  const common = { defaultViewport: null, protocolTimeout: 90_000 } as const;
  return /^https?:\/\//i.test(endpoint)
    ? { ...common, browserURL: endpoint }
    : { ...common, browserWSEndpoint: endpoint };
}

/**
 * A Chromium's own `ws://host:port/devtools/browser/<id>` names one run of that browser: after a
 * restart the id is new. Its DevTools HTTP address (`http://host:port`, /json/version) gives the
 * current one, so such an endpoint falls back to it when the id no longer answers.
 */
function devtoolsAddressOf(endpoint: string): string | undefined {
  const match = /^(ws|wss):\/\/([^/?#]+)\/devtools\/browser\/[^/?#]+$/i.exec(endpoint);
  if (!match) return undefined;
  return `${match[1].toLowerCase() === "wss" ? "https" : "http"}://${match[2]}`;
}

/** host:port only, for logs: the rest of an endpoint URL may carry a token. */
function hostOf(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return "(invalid)";
  }
}

async function connectEndpoint(url: string): Promise<Browser> {
  try {
    return await connectWithTimeout(connectOptionsFor(await remoteEndpointWithGuard(url, RENDER_DISABLED_FEATURES)));
  } catch (error) {
    const current = devtoolsAddressOf(url);
    if (!current) throw error;
    return connectWithTimeout(connectOptionsFor(current));
  }
}

function connectWithTimeout(options: ConnectOptions): Promise<Browser> {
  return new Promise<Browser>((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(() => {
      settled = true;
      reject(new Error("connect timeout"));
    }, CONNECT_TIMEOUT_MS);
    puppeteer.connect(options).then(
      (browser) => {
        clearTimeout(timer);
        // Connected after we gave up: do not leak the connection.
        if (settled) void browser.disconnect().catch(() => {});
        else resolve(browser);
      },
      (error: unknown) => {
        clearTimeout(timer);
        if (!settled) reject(error instanceof Error ? error : new Error("connect failed"));
      },
    );
  });
}

export class RemoteBrowserSource implements BrowserSource {
  readonly kind = "remote" as const;
  private readonly endpoints: Endpoint[];
  private next = 0;
  private closed = false;

  constructor(urls: string[]) {
    if (urls.length === 0) throw new Error("RemoteBrowserSource needs at least one endpoint");
    this.endpoints = urls.map((url) => {
      const endpoint: Endpoint = {
        url,
        failedAt: 0,
        warm: new WarmBrowser(async () => {
          if (this.closed) throw rendererUnavailable();
          try {
            // Endpoints that take launch arguments (browserless) get lib/net's hardening flags.
            endpoint.browser = await connectEndpoint(endpoint.url);
            // The one thing a context's proxy cannot hold: a browser whose pages can send UDP is refused.
            await refuseUncontainedWebRtc(endpoint.browser, hostOf(endpoint.url), new Deadline(WEBRTC_CHECK_MS));
            return endpoint.browser;
          } catch (error) {
            endpoint.failedAt = Date.now();
            throw error;
          }
        }),
      };
      return endpoint;
    });
  }

  async acquire(deadline: Deadline, avoid?: Browser): Promise<Browser> {
    for (const endpoint of this.order()) {
      if (avoid && endpoint.browser === avoid) continue;
      try {
        return await deadline.race(endpoint.warm.get());
      } catch (error) {
        if (deadline.expired()) throw error;
        // Try the next endpoint; the reason is not shown to the caller (it may name hosts/tokens).
      }
    }
    throw rendererUnavailable();
  }

  async connectAll(deadline: Deadline): Promise<Browser[]> {
    const settled = await Promise.allSettled(this.endpoints.map((endpoint) => deadline.race(endpoint.warm.get())));
    return settled.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  }

  reportFailure(browser: Browser): void {
    const endpoint = this.endpoints.find((e) => e.browser === browser);
    if (endpoint) endpoint.failedAt = Date.now();
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(
      this.endpoints.map(async (endpoint) => {
        const pending = endpoint.warm.peek();
        endpoint.warm.forget();
        const browser = await pending?.catch(() => undefined);
        // Disconnect only: a remote browser belongs to its operator.
        await browser?.disconnect().catch(() => {});
      }),
    );
  }

  /** Round-robin start, recently failed endpoints last. */
  private order(): Endpoint[] {
    const n = this.endpoints.length;
    const start = this.next++ % n;
    const rotated = Array.from({ length: n }, (_, i) => this.endpoints[(start + i) % n]);
    const now = Date.now();
    const healthy = rotated.filter((e) => now - e.failedAt > FAILURE_COOLDOWN_MS);
    const cooling = rotated.filter((e) => now - e.failedAt <= FAILURE_COOLDOWN_MS);
    return [...healthy, ...cooling];
  }
}
