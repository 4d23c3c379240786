/**
 * What the edge decides about a request before the app sees it (D17, D1): requests Next would
 * misread or answer with a bare 500 or an empty 400 are answered here as problem+json.
 *  - a query name Next silently drops (`__proto__`: its query parsing uses a plain object);
 *  - a path whose percent-escapes are cut short or are not UTF-8 (`/v1/jobs/%ff`): Next's router
 *    decodes path segments and fails with a plain-text 500;
 *  - a method the app does not implement: Next throws on TRACE (a 500) and answers the WebDAV and
 *    other methods Node's parser knows (PROPFIND, MKCOL, QUERY, …) with an empty 400.
 */
import { ApiError } from "@/lib/vocabulary/errors";

/** Every method some route or page of the app answers; the app never sees any other. */
export const APP_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** Query names the app never gets to see as they were sent (Next drops them while parsing). */
const DROPPED_BY_NEXT = new Set(["__proto__"]);

function pathAndQuery(url: string): { path: string; query: string | undefined } {
  const queryAt = url.indexOf("?");
  return queryAt < 0 ? { path: url, query: undefined } : { path: url.slice(0, queryAt), query: url.slice(queryAt + 1) };
}

function decodesAsUtf8(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/** A refusal for a request the parser accepted but the app would misread; undefined to pass it on. */
export function refusalFor(url: string): ApiError | undefined {
  const { path, query } = pathAndQuery(url);
  if (!decodesAsUtf8(path)) {
    return new ApiError(
      "malformed_path",
      "The path has a percent-escape that is cut short or does not decode to UTF-8; percent-encode path segments as UTF-8.",
    );
  }
  if (query === undefined || !/^\/v1(\/|$)/i.test(path)) return undefined;
  for (const name of new URLSearchParams(query).keys()) {
    if (DROPPED_BY_NEXT.has(name)) {
      return new ApiError("unknown_parameter", `Unknown query parameter ${name}.`, { param: name });
    }
  }
  return undefined;
}

/** The path's own methods when the app names none (its pages answer GET and HEAD). */
export const PAGE_ALLOW = "GET, HEAD";

/** The 405 for a method the app does not implement, naming the path's methods (`allow`). */
export function methodRefusal(method: string, allow: string): ApiError {
  return new ApiError(
    "method_not_allowed",
    `${method.slice(0, 32)} is not supported here; this path answers ${allow}.`,
    { headers: { Allow: allow } },
  );
}

/**
 * The 405 for a method Node's parser does not even know (a made-up one, or a known one in lower
 * case: methods are case-sensitive); the request line is not read further, so its Allow names
 * every method the app answers somewhere. A 405 rather than RFC 9110's 501: nothing a client can
 * send is a 5xx (D1).
 */
export function unknownMethod(): ApiError {
  return new ApiError(
    "method_not_allowed",
    "The request's method is not one this server knows (methods are case-sensitive: GET, not get).",
    { headers: { Allow: [...APP_METHODS].join(", ") } },
  );
}
