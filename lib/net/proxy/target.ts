/**
 * The early check of the caller's URL when the page goes through the customer's proxy (D41): the
 * proxy resolves the name, so Glance judges only what needs no DNS — an IP literal that is not
 * public, or a name refused by name (localhost, *.internal, metadata names) — as target.ts does
 * for everything else. The guard's route listener holds the same rule for every request.
 */
import { ApiError } from "@/lib/vocabulary/errors";
import { parseHttpUrl } from "../pinned";
import { isAllowedOrigin } from "../policy";
import { verdictWithoutLookup } from "../resolve";
import { assertReachableTarget } from "../connector-route";
import { PRIVATE_TARGET_DETAIL } from "../target";

function assertTargetForProxy(url: string, param = "url"): void {
  const parsed = parseHttpUrl(url);
  if (!parsed) throw new ApiError("unsupported_url", "The url must be an absolute http or https URL.", { param });
  if (isAllowedOrigin(parsed)) return;
  const verdict = verdictWithoutLookup(parsed.hostname);
  if (verdict && !verdict.ok) throw new ApiError("private_address", PRIVATE_TARGET_DETAIL, { param });
}

/**
 * A page URL's early check, before the charge (D41, D42): through a customer's proxy the proxy
 * resolves the name, so only what needs no DNS is judged; otherwise a connector's declared origin
 * passes for its own workspace, and anything else must be public.
 */
export async function assertEarlyTarget(
  url: string,
  via: { workspaceId: string | undefined; proxy: string | undefined },
): Promise<void> {
  if (via.proxy !== undefined) assertTargetForProxy(url);
  else await assertReachableTarget(url, via.workspaceId);
}
