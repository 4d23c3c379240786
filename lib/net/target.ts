/**
 * The early check of the caller's URL (D9): a clean 400 before any rendering starts. It is not the
 * boundary — the guard proxy is — but it turns the obvious cases into precise error codes.
 */
import { ApiError } from "@/lib/vocabulary/errors";
import { isDeclaredByCurrentWorkspace } from "./connector-registry";
import { parseHttpUrl } from "./pinned";
import { isAllowedOrigin } from "./policy";
import { checkHost, verdictWithoutLookup } from "./resolve";

export const PRIVATE_TARGET_DETAIL =
  "The url points to a private, loopback or otherwise non-public address, which cannot be captured.";

/**
 * True when the URL's host is non-public on its face — an IP literal in a special-purpose range,
 * localhost or another reserved name — so the request can be refused while its parameters are
 * validated (D2: a 400 before any 403 or 429), without a DNS lookup. An origin a connector of the
 * running request's workspace declared is not refused here (D42): its render goes through the connector. Names that need resolving are
 * left to assertPublicTarget.
 */
export function isEvidentlyPrivateTarget(url: URL): boolean {
  // An origin the caller's own connector declared is left to the render's check (D42).
  if (isAllowedOrigin(url) || isDeclaredByCurrentWorkspace(url)) return false;
  return verdictWithoutLookup(url.hostname)?.ok === false;
}

/**
 * Throws ApiError 400 `unsupported_url` (not an http/https URL), `private_address` (the host is,
 * or resolves to, any non-public address) or `target_unreachable` (no address). Origins on
 * ALLOW_PRIVATE_ORIGINS skip the address check. Returns the addresses the host resolved to.
 */
export async function assertPublicTarget(url: string, param = "url"): Promise<{ addresses: string[] }> {
  const parsed = parseHttpUrl(url);
  if (!parsed) {
    throw new ApiError("unsupported_url", "The url must be an absolute http or https URL.", { param });
  }
  if (isAllowedOrigin(parsed)) return { addresses: [] };
  const verdict = await checkHost(parsed.hostname);
  if (verdict.ok) return { addresses: verdict.addresses };
  if (verdict.reason === "private_address") {
    throw new ApiError("private_address", PRIVATE_TARGET_DETAIL, { param });
  }
  throw new ApiError("target_unreachable", `The host ${parsed.hostname} could not be resolved.`, { param });
}

/**
 * A destination the server itself sends to on a caller's behalf (a webhook URL, a storage
 * endpoint): resolved once, every address public unless the origin is on ALLOW_PRIVATE_ORIGINS
 * (D9). Returns the addresses (to pin the connection to); throws 400 `private_address` or
 * `target_unreachable` naming `param`. `subject` names it in the messages ("the webhookUrl"),
 * `publicOnly` says what goes only to public addresses.
 */
export async function assertPublicDestination(
  url: URL,
  param: string,
  words: { subject: string; publicOnly: string },
): Promise<string[]> {
  const verdict = await checkHost(url.hostname, { allowPrivate: isAllowedOrigin(url) });
  if (verdict.ok) return verdict.addresses;
  if (verdict.reason === "private_address") {
    const subject = words.subject.charAt(0).toUpperCase() + words.subject.slice(1);
    throw new ApiError(
      "private_address",
      `${subject} points to a private, loopback or otherwise non-public address; ${words.publicOnly}`,
      { param },
    );
  }
  throw new ApiError("target_unreachable", `The host ${url.hostname} of ${words.subject} could not be resolved.`, {
    param,
  });
}
