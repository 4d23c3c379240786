/**
 * Who calls the API, in the words every layer shares (D34): the authenticated caller, the key's
 * own limits, how the request came, and a render counted against the month. A leaf: it imports
 * only the plan and endpoint registries' types, so the pipeline, keys, usage and billing can all
 * speak of a caller without importing one another.
 */
import type { RenderEndpointId } from "@/lib/endpoints";
import type { PlanId } from "@/lib/plans";

export interface Caller {
  userId: string;
  plan: PlanId;
  /** The key the request authenticated with; null for the session-authenticated playground. */
  apiKeyId: string | null;
  /** The connected app (OAuth grant, D25) an /mcp request authenticated with; absent otherwise. */
  oauthGrantId?: string;
  /** The account's renders this month as read with the key, for X-Quota-* (absent: read when needed). */
  rendersThisMonth?: number;
  /** Set for a verified signed URL (D15): its `expires` (epoch s), if any. Drives public caching. */
  signed?: { expires?: number };
  /** The key's own restrictions (D15); absent for the session-authenticated playground. */
  keyLimits?: KeyLimits;
  /** How the request came, when its authenticator knows better than the pipeline: an MCP tool call (D25). */
  via?: RequestVia;
}

/** A key's own restrictions (D15), as the key lookup reads them (lib/keys). */
export interface KeyLimits {
  allowedEndpoints: readonly RenderEndpointId[] | null;
  monthlyRenderCap: number | null;
}

/** Renders counted against the month's quota (lib/usage/quota.ts): one, or a recording's several (D26). */
export interface RenderCharge {
  /** The month's render count once these renders are counted. */
  renders: number;
  /** Gives the render back to the month it was counted in (once; later calls do nothing). */
  refund(): Promise<void>;
}

/**
 * How a request came, for the request log (D33): an API key, a signed URL, the docs playground,
 * or an MCP agent's tool call with a key ("mcp") or an OAuth access token ("mcp-oauth").
 */
export type RequestVia = "key" | "signed" | "playground" | "mcp" | "mcp-oauth";

/**
 * Who owns what a caller creates and may read (monitors, D27): the caller's account today. The one
 * place to change when ownership moves to a workspace.
 */
export function ownerId(caller: Pick<Caller, "userId">): string {
  return caller.userId;
}
