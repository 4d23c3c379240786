/**
 * API key authentication (ARCHITECTURE.md#the-product-contract, D2, D5). The header wins over the query
 * parameter; the three 401 texts are exactly the customer's.
 */
import "server-only";
import type { Caller } from "@/lib/api/context";
import { ApiError } from "@/lib/api/errors";
import { isWellFormedApiKey } from "@/lib/keys/format";
import { findKeyOwner, touchApiKey } from "@/lib/keys/service";
import { log } from "@/lib/log";

export const AUTH_MESSAGES = {
  missing: "Missing API key. Provide X-API-Key header or api_key query parameter.",
  format: "Invalid API key format.",
  invalid: "Invalid or revoked API key.",
} as const;

/** Returns a Caller for the request or throws a 401 ApiError. */
export type Authenticator = (request: Request, url: URL) => Promise<Caller>;

export function presentedKey(request: Request, url: URL): string | undefined {
  const header = request.headers.get("x-api-key")?.trim();
  if (header) return header;
  // A repeated api_key is ambiguous; the query parser reports it as a 400 after auth, so use the first here.
  const query = url.searchParams.get("api_key")?.trim();
  return query || undefined;
}

export const authenticateApiKey: Authenticator = async (request, url) => {
  const key = presentedKey(request, url);
  if (!key) throw new ApiError("missing_api_key", AUTH_MESSAGES.missing);
  if (!isWellFormedApiKey(key)) throw new ApiError("invalid_api_key_format", AUTH_MESSAGES.format);
  const owner = await findKeyOwner(key);
  if (!owner || owner.revoked) throw new ApiError("invalid_api_key", AUTH_MESSAGES.invalid);
  touchApiKey(owner).catch((error) => log.warn("could not record key use", { error }));
  return { userId: owner.userId, plan: owner.plan, apiKeyId: owner.apiKeyId, rendersThisMonth: owner.rendersThisMonth, keyLimits: owner.limits };
};
