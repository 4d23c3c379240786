/**
 * The webhook URL check (D20): the same address policy as a capture URL (D9), applied when the URL
 * is saved (account default, a job's webhookUrl) and again on every delivery attempt (lib/net/post.ts),
 * so a name that later resolves to a private address (DNS rebinding) is refused then too.
 */
import { ApiError } from "@/lib/api/errors";
import { isAllowedOrigin } from "@/lib/net/policy";
import { parsePostUrl } from "@/lib/net/post";
import { checkHost } from "@/lib/net/resolve";

const MAX_WEBHOOK_URL_LENGTH = 2048;

/** Throws ApiError 400 `unsupported_url`, `private_address` or `target_unreachable`, naming `param`. */
export async function assertWebhookUrl(raw: string, param = "webhookUrl"): Promise<URL> {
  const url = raw.length <= MAX_WEBHOOK_URL_LENGTH ? parsePostUrl(raw) : undefined;
  if (!url) {
    throw new ApiError("unsupported_url", `The ${param} must be an absolute http or https URL without user name or password, at most ${MAX_WEBHOOK_URL_LENGTH} characters.`, { param });
  }
  const verdict = await checkHost(url.hostname, { allowPrivate: isAllowedOrigin(url) });
  if (verdict.ok) return url;
  if (verdict.reason === "private_address") {
    throw new ApiError("private_address", `The ${param} points to a private, loopback or otherwise non-public address; webhooks are only sent to public addresses.`, { param });
  }
  throw new ApiError("target_unreachable", `The host ${url.hostname} of the ${param} could not be resolved.`, { param });
}
