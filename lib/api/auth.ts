/**
 * API key authentication (ARCHITECTURE.md#the-product-contract, D2, D5). The header wins over the query
 * parameter; the three 401 texts are exactly the customer's.
 */
import "server-only";
import type { Caller } from "@/lib/vocabulary/caller";
import { ApiError } from "@/lib/vocabulary/errors";
import { isWellFormedApiKey } from "@/lib/keys/format";
import { findKeyOwner, touchApiKey, type KeyOwner } from "@/lib/keys/service";
import { log } from "@/lib/log";
import { withDuePlanChange } from "@/lib/accounts/plan-change";
import { PLANS, type PlanId } from "@/lib/plans";

function pausedKeyDetail(plan: PlanId): string {
  const { name, maxApiKeys } = PLANS[plan];
  return `This API key is paused: the ${name} plan allows ${maxApiKeys} active keys. Choose the keys to keep in the dashboard (API Keys), or upgrade.`;
}

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

/**
 * The key's owner if the key may be used, for both ways a key is presented (itself, or its public
 * id in a signed URL). A plan change that fell due (end of the paid period, end of the payment
 * grace period, D18) is applied first, by whichever instance sees it first, and the key read again
 * under the new plan; a revoked key is a 401, a paused one a 401 that says why.
 */
export async function usableKeyOwner(find: () => Promise<KeyOwner | null>): Promise<KeyOwner> {
  const owner = await withDuePlanChange(await find(), (found) => (found?.planChangeDue ? found.userId : null), find);
  if (!owner || owner.revoked) throw new ApiError("invalid_api_key", AUTH_MESSAGES.invalid);
  if (owner.paused) throw new ApiError("api_key_paused", pausedKeyDetail(owner.plan));
  return owner;
}

export const authenticateApiKey: Authenticator = async (request, url) => {
  const key = presentedKey(request, url);
  if (!key) throw new ApiError("missing_api_key", AUTH_MESSAGES.missing);
  return callerForKey(key);
};

/** The caller a presented key stands for (however it was presented: X-API-Key, api_key, or a Bearer token at /mcp), or a 401. */
export async function callerForKey(key: string): Promise<Caller> {
  if (!isWellFormedApiKey(key)) throw new ApiError("invalid_api_key_format", AUTH_MESSAGES.format);
  const owner = await usableKeyOwner(() => findKeyOwner(key));
  touchApiKey(owner).catch((error) => log.warn("could not record key use", { error }));
  return {
    userId: owner.userId,
    plan: owner.plan,
    apiKeyId: owner.apiKeyId,
    rendersThisMonth: owner.rendersThisMonth,
    keyLimits: owner.limits,
  };
}
