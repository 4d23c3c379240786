/**
 * The webhook URL check (D20): the same address policy as a capture URL (D9), applied when the URL
 * is saved (account default, a job's webhookUrl) and again on every delivery attempt (lib/net/post.ts),
 * so a name that later resolves to a private address (DNS rebinding) is refused then too.
 */
import { ApiError } from "@/lib/api/errors";
import { parsePostUrl } from "@/lib/net/post";
import { assertPublicDestination } from "@/lib/net/target";

const MAX_WEBHOOK_URL_LENGTH = 2048;

/** Throws ApiError 400 `unsupported_url`, `private_address` or `target_unreachable`, naming `param`. */
export async function assertWebhookUrl(raw: string, param = "webhookUrl"): Promise<URL> {
  const url = raw.length <= MAX_WEBHOOK_URL_LENGTH ? parsePostUrl(raw) : undefined;
  if (!url) {
    throw new ApiError(
      "unsupported_url",
      `The ${param} must be an absolute http or https URL without user name or password, at most ${MAX_WEBHOOK_URL_LENGTH} characters.`,
      { param },
    );
  }
  await assertPublicDestination(url, param, {
    subject: `the ${param}`,
    publicOnly: "webhooks are only sent to public addresses.",
  });
  return url;
}
