/**
 * Server-side fetches on a caller's behalf (OG `image_url` variables, the map's and the crawl's
 * robots.txt, sitemaps and pages) under the same address policy as the browser: each hop is
 * resolved once, checked, and connected to by the checked address (TLS still verifies the real
 * host name), with a redirect limit, a byte cap and a timeout. Given a workspace, a hop on an
 * origin one of its connectors declared goes through that connector instead (D42), and the
 * next hop meets the same choice again.
 */
import { connectorClaim, throughConnector } from "./connector-route";
import { isAllowedOrigin } from "./policy";
import { pinnedRequest } from "./pinned";
import { checkHost } from "./resolve";
import { BrandedError } from "@/lib/vocabulary/branded-error";

export type SafeFetchFailure =
  | "unsupported_url"
  | "private_address"
  | "target_unreachable"
  | "http_status"
  | "too_large"
  | "timeout"
  | "too_many_redirects"
  | "unexpected_content_type";

export class SafeFetchError extends BrandedError {
  static readonly brand: string = "glance.SafeFetchError";
  constructor(
    readonly reason: SafeFetchFailure,
    message: string,
  ) {
    super(message);
    this.name = "SafeFetchError";
  }
}

export interface SafeFetchOptions {
  timeoutMs?: number;
  maxBytes?: number;
  /** Content-Type prefixes accepted, e.g. ["image/"]; anything else is refused. */
  accept?: string[];
  /** Refuse http:// (OG image_url is HTTPS only); allow-listed origins are exempt for tests. */
  httpsOnly?: boolean;
  maxRedirects?: number;
  /** The User-Agent sent (a crawler names itself so robots.txt rules can address it, D32). */
  userAgent?: string;
  /** Whose connectors serve the origins they declared (D42); without it, every hop is a public address's. */
  workspaceId?: string;
}

type Settings = Required<Omit<SafeFetchOptions, "workspaceId">>;

export interface SafeFetchResult {
  bytes: Buffer;
  contentType: string;
  /** The URL finally fetched, after redirects. */
  url: string;
}

interface Hop {
  status: number;
  location?: string;
  contentType: string;
  bytes?: Buffer;
}

const requestHeaders = (options: Settings) => ({
  accept: options.accept.length ? `${options.accept.join(", ")};q=1, */*;q=0.1` : "*/*",
  "user-agent": options.userAgent,
});

function requestOnce(url: URL, address: string, options: Settings, signal: AbortSignal): Promise<Hop> {
  return new Promise((resolve, reject) => {
    const headers = requestHeaders(options);
    const req = pinnedRequest(url, address, { method: "GET", headers, signal }, (res) => {
      const status = res.statusCode ?? 0;
      const contentType = String(res.headers["content-type"] ?? "");
      if (status >= 300 && status < 400 && res.headers.location) {
        res.resume();
        return resolve({ status, location: res.headers.location, contentType });
      }
      if (status !== 200) {
        res.resume();
        return resolve({ status, contentType });
      }
      const declared = Number(res.headers["content-length"]);
      if (Number.isFinite(declared) && declared > options.maxBytes) {
        res.destroy();
        return reject(new SafeFetchError("too_large", `The response is larger than ${options.maxBytes} bytes.`));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxBytes) {
          res.destroy();
          reject(new SafeFetchError("too_large", `The response is larger than ${options.maxBytes} bytes.`));
          return;
        }
        chunks.push(chunk);
      });
      res.on("end", () => resolve({ status, contentType, bytes: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/**
 * The address to connect to for `hostname`, checked against the address policy (D9): throws
 * SafeFetchError `private_address` or `target_unreachable` when there is none to use.
 */
export async function allowedAddressOf(hostname: string, allowPrivate: boolean): Promise<string> {
  const verdict = await checkHost(hostname, { allowPrivate });
  if (!verdict.ok) {
    throw new SafeFetchError(
      verdict.reason,
      verdict.reason === "private_address"
        ? "The URL points to a non-public address."
        : "The host could not be resolved.",
    );
  }
  return verdict.addresses[0];
}

/**
 * One hop through the workspace's connector when it declared the URL's origin (D42), undefined
 * otherwise. The connector returns redirects unfollowed, so each hop is decided again; an offline
 * or failing connector is `target_unreachable`, naming it.
 */
async function connectorHop(
  workspaceId: string | undefined,
  url: URL,
  options: Settings,
  deadline: number,
): Promise<Hop | undefined> {
  const served = workspaceId ? await connectorClaim(workspaceId, url.href) : undefined;
  if (!served) return undefined;
  const timeLeft = Math.max(1, deadline - Date.now());
  const request = { method: "GET", url: url.href, headers: requestHeaders(options) };
  const outcome = await throughConnector(workspaceId!, served.origin, served.claim, request, timeLeft);
  if ("failure" in outcome) {
    const why = outcome.failure.offline ? "is offline" : `failed: ${outcome.failure.message}`;
    throw new SafeFetchError("target_unreachable", `The connector "${served.claim.name}" ${why}.`);
  }
  const { status, headers, body } = outcome.answer;
  const header = (name: string) => Object.entries(headers).find(([k]) => k.toLowerCase() === name)?.[1];
  const contentType = header("content-type") ?? "";
  const location = header("location");
  if (status >= 300 && status < 400 && location) return { status, location, contentType };
  if (status !== 200) return { status, contentType };
  if (body.length > options.maxBytes)
    throw new SafeFetchError("too_large", `The response is larger than ${options.maxBytes} bytes.`);
  return { status, contentType, bytes: body };
}

/** Fetches `url` under the address policy; throws SafeFetchError with a machine-readable reason. */
export async function safeFetch(url: string, opts: SafeFetchOptions = {}): Promise<SafeFetchResult> {
  const options: Settings = {
    timeoutMs: opts.timeoutMs ?? 5_000,
    maxBytes: opts.maxBytes ?? 5 * 1024 * 1024,
    accept: opts.accept ?? [],
    httpsOnly: opts.httpsOnly ?? false,
    maxRedirects: opts.maxRedirects ?? 3,
    userAgent: opts.userAgent ?? "GlanceFetch/1.0",
  };
  const controller = new AbortController();
  const deadline = Date.now() + options.timeoutMs;
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  try {
    let current: URL;
    try {
      current = new URL(url);
    } catch {
      throw new SafeFetchError("unsupported_url", "Not a valid URL.");
    }
    for (let hop = 0; hop <= options.maxRedirects; hop++) {
      const allowed = isAllowedOrigin(current);
      const schemeOk =
        current.protocol === "https:" || (current.protocol === "http:" && (!options.httpsOnly || allowed));
      if (!schemeOk || current.username || current.password) {
        throw new SafeFetchError(
          "unsupported_url",
          options.httpsOnly ? "Only https URLs are accepted." : "Only http and https URLs are accepted.",
        );
      }
      const viaConnector = await connectorHop(opts.workspaceId, current, options, deadline);
      const address = viaConnector ? "" : await allowedAddressOf(current.hostname, allowed);
      let result: Hop;
      try {
        result = viaConnector ?? (await requestOnce(current, address, options, controller.signal));
      } catch (err) {
        if (err instanceof SafeFetchError) throw err;
        if (controller.signal.aborted)
          throw new SafeFetchError("timeout", `No complete answer within ${options.timeoutMs} ms.`);
        throw new SafeFetchError("target_unreachable", "The host could not be connected to.");
      }
      if (result.location !== undefined) {
        try {
          current = new URL(result.location, current);
        } catch {
          throw new SafeFetchError("unsupported_url", "A redirect pointed to an invalid URL.");
        }
        continue;
      }
      if (result.status !== 200 || !result.bytes) {
        throw new SafeFetchError("http_status", `The server answered ${result.status}.`);
      }
      const type = result.contentType.split(";")[0].trim().toLowerCase();
      if (options.accept.length > 0 && !options.accept.some((prefix) => type.startsWith(prefix))) {
        throw new SafeFetchError("unexpected_content_type", `Unexpected content type ${type || "(none)"}.`);
      }
      return { bytes: result.bytes, contentType: type, url: current.href };
    }
    throw new SafeFetchError("too_many_redirects", `More than ${options.maxRedirects} redirects.`);
  } finally {
    clearTimeout(timer);
  }
}
