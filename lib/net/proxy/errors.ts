/**
 * The customer's proxy failing, as the caller hears it (D41): a problem+json error that says which
 * part failed — never a 500, never the proxy's credentials. A render that failed this way delivered
 * nothing, so it is not charged (lib/results/serve.ts gives the render back on any failure).
 */
import { ApiError } from "@/lib/vocabulary/errors";
import type { ProxyFailure } from "./upstream";

export function proxyFailureError(failure: ProxyFailure): ApiError {
  switch (failure.kind) {
    case "auth":
      return new ApiError(
        "proxy_auth_failed",
        `The proxy refused the credentials given in proxy (${failure.message}). Nothing was captured or charged.`,
        { param: "proxy" },
      );
    case "timeout":
      return new ApiError(
        "proxy_unreachable",
        `The proxy did not answer in time (${failure.message}). Nothing was captured or charged.`,
        { param: "proxy" },
      );
    case "unreachable":
      return new ApiError(
        "proxy_unreachable",
        `The proxy could not be connected to (${failure.message}). Nothing was captured or charged.`,
        { param: "proxy" },
      );
    case "refused":
      return new ApiError(
        "proxy_refused",
        `The proxy did not connect to the page (${failure.message}). Nothing was captured or charged.`,
        { param: "proxy" },
      );
  }
}
