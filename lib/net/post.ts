/**
 * Server-side POSTs to a caller's URL (webhook deliveries, D20) under the address policy of D9:
 * the host is resolved once, every address it leads to must be public (unless the origin is on
 * ALLOW_PRIVATE_ORIGINS), and the connection goes to the checked address (TLS still verifies the
 * name). Redirects are never followed: a 3xx is the receiver's answer, so a redirect cannot lead
 * a delivery to an address the check refused.
 */
import { allowedAddressOf, SafeFetchError } from "./fetch";
import { parseHttpUrl, pinnedRequest } from "./pinned";
import { isAllowedOrigin } from "./policy";

export interface SafePostOptions {
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
}

export interface SafePostResult {
  status: number;
}

/** How much of an answer is read (then dropped): enough to let the receiver finish writing. */
const MAX_ANSWER_BYTES = 64 * 1024;

/** The URL if it is one we may POST to at all (http/https, a host, no credentials), else undefined. */
export function parsePostUrl(raw: string): URL | undefined {
  const url = parseHttpUrl(raw);
  return url && !url.username && !url.password ? url : undefined;
}

function postOnce(url: URL, address: string, options: SafePostOptions, signal: AbortSignal): Promise<SafePostResult> {
  return new Promise((resolve, reject) => {
    const body = Buffer.from(options.body, "utf8");
    const req = pinnedRequest(
      url,
      address,
      { method: "POST", headers: { ...options.headers, "content-length": String(body.length) }, signal },
      (res) => {
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) res.destroy();
        });
        const done = () => resolve({ status: res.statusCode ?? 0 });
        res.on("end", done);
        res.on("close", done); // also after destroy(): the status is what counts
        res.on("error", () => done());
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/**
 * POSTs `body` to `url` under the address policy. Resolves with the receiver's status, whatever it
 * is (3xx included); throws SafeFetchError `unsupported_url`, `private_address`,
 * `target_unreachable` or `timeout` when no answer was had.
 */
export async function safePost(url: string, options: SafePostOptions): Promise<SafePostResult> {
  const target = parsePostUrl(url);
  if (!target)
    throw new SafeFetchError("unsupported_url", "Only http and https URLs without credentials are accepted.");
  const address = await allowedAddressOf(target.hostname, isAllowedOrigin(target));
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  try {
    return await postOnce(target, address, options, controller.signal);
  } catch {
    if (controller.signal.aborted) throw new SafeFetchError("timeout", `No answer within ${options.timeoutMs} ms.`);
    throw new SafeFetchError("target_unreachable", "The host could not be connected to.");
  } finally {
    clearTimeout(timer);
  }
}
