/**
 * The webhook URL check (D20): the same address policy as a capture URL (D9), applied when the URL
 * is saved (account default, a job's webhookUrl) and again on every delivery attempt (lib/net/post.ts),
 * so a name that later resolves to a private address (DNS rebinding) is refused then too.
 */
import { ApiError } from "@/lib/vocabulary/errors";
import { env } from "@/lib/env";
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
  try {
    await assertPublicDestination(url, param, {
      subject: `the ${param}`,
      publicOnly: "webhooks are only sent to public addresses.",
    });
  } catch (error) {
    if (error instanceof ApiError && error.code === "private_address" && mayHintAtPrivateOrigins()) {
      throw new ApiError("private_address", `${error.message} ${privateOriginsHint(url)}`, { param });
    }
    throw error;
  }
  return url;
}

/**
 * A receiver on the developer's own machine is the usual first webhook (#51): a server on a
 * loopback APP_URL or outside production says how its operator allows one. A production server
 * does not tell its customers about its own settings; the docs say it for its operators.
 */
function mayHintAtPrivateOrigins(): boolean {
  const e = env();
  return e.appIsLocal || e.NODE_ENV !== "production";
}

function privateOriginsHint(url: URL): string {
  return `For local testing, whoever runs this server can allow this receiver by starting it with ALLOW_PRIVATE_ORIGINS=${url.origin} (a comma-separated list of origins).`;
}
