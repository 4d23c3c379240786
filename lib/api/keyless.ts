/**
 * The /v1 endpoints that need no API key (stored files, the template listing, OpenAPI, unknown
 * paths and methods) still carry RateLimit-* (D4): they count against the client address's
 * window (lib/api/rate-limit.ts), and past its limit answer 429 instead of running.
 */
import { toApiError, problemResponse } from "@/lib/vocabulary/errors";
import { checkAnonymousLimit, rateLimitHeaders } from "@/lib/api/rate-limit";
import { requestIdFor, withHeaders } from "@/lib/api/request";
import { log } from "@/lib/log";

export function keylessRoute<Rest extends unknown[]>(
  handler: (request: Request, ...rest: Rest) => Response | Promise<Response>,
): (request: Request, ...rest: Rest) => Promise<Response> {
  return async (request, ...rest) => {
    let headers: Record<string, string> = {};
    try {
      headers = rateLimitHeaders(await checkAnonymousLimit(request, "keyless"));
    } catch (error) {
      const apiError = toApiError(error);
      if (apiError.code === "rate_limited") {
        const id = requestIdFor(request);
        return problemResponse(apiError, id, { "X-Request-Id": id });
      }
      // A counter store that is down must not take files and docs down with it.
      log.warn("keyless rate limit unavailable", { error });
    }
    return withHeaders(await handler(request, ...rest), headers);
  };
}
