/**
 * Who a live session acts for (D39, D43), decided before any browser work: a CDP client by its
 * key (X-API-Key or api_key) or by the single-use token of a POST /v1/sessions connect URL (with
 * the proxy sealed on its row, D41), a driven session by the /mcp request's key or its agent's
 * connected app (OAuth grant). Each answers how to check the credential again while the session
 * lives, and starts the session's row.
 */
import "server-only";
import type { IncomingMessage } from "node:http";
import { AUTH_MESSAGES, usableKeyOwner } from "@/lib/api/auth";
import { isWellFormedApiKey } from "@/lib/keys/format";
import { grantMayAct } from "@/lib/keys/oauth-grants";
import { findKeyOwner, findKeyOwnerByPublicId, type KeyOwner } from "@/lib/keys/service";
import type { PlanId } from "@/lib/plans";
import { ApiError } from "@/lib/vocabulary/errors";
import { recordEnd } from "./ending";
import { recordParam } from "./recording";
import { openSessionProxy } from "./session-proxy";
import { consumeConnectToken, keyPublicId, startSession } from "./store";

/** The workspace a session acts for and its plan: from its key, or from the caller of an OAuth agent's tool. */
export type SessionAccount = Pick<KeyOwner, "userId" | "plan">;

export interface Admitted {
  owner: SessionAccount;
  sessionId: string;
  /** Its video and network log are kept (record=true on POST /v1/sessions or the WebSocket URL). */
  record: boolean;
  /** The customer's proxy (D41): POST /v1/sessions's, opened from the row, or the URL's `proxy=`. In memory only. */
  proxy?: string;
  /**
   * Checks the credential again (a revoked key, a removed member's keys, a disconnected app or
   * its approver's removal): throws an ApiError when it no longer works.
   */
  recheck: () => Promise<unknown>;
}

/** The key a session was opened with (by its public id, the secret not kept), checked again. */
const keyRecheck = (publicId: string) => () => usableKeyOwner(() => findKeyOwnerByPublicId(publicId));

export async function authenticate(req: IncomingMessage, url: URL): Promise<Admitted> {
  const sessionParam = url.searchParams.get("session");
  const token = url.searchParams.get("token");
  const record = recordParam(url);
  // The customer's proxy (D41): a secret of the URL, never logged (only the error's problem is).
  const urlProxy = url.searchParams.get("proxy")?.trim() || undefined;
  if (sessionParam !== null || token !== null) {
    const used = sessionParam && token ? await consumeConnectToken(sessionParam, token, !!urlProxy) : undefined;
    if (!used) throw new ApiError("invalid_session_token", "This connect URL is unknown, used already or expired.");
    const recheck = keyRecheck(used.publicId);
    let owner: KeyOwner;
    try {
      owner = await recheck();
    } catch (error) {
      await recordEnd(sessionParam!, "revoked", false);
      throw error;
    }
    const admitted = { owner, sessionId: sessionParam!, record: used.record || record, recheck };
    if (!used.proxySealed) return { ...admitted, ...(urlProxy ? { proxy: urlProxy } : {}) };
    try {
      // Two proxies for one session would leave the client guessing which one its pages used.
      if (urlProxy)
        throw new ApiError(
          "invalid_parameter",
          "This session was created with a proxy; its connect URL may not name another one.",
          { param: "proxy" },
        );
      return { ...admitted, proxy: await openSessionProxy(used.proxySealed, used.userId) };
    } catch (error) {
      // The row is started already (the token is used): ended here, never left for the sweeper to meter.
      await recordEnd(sessionParam!, "refused", false);
      throw error;
    }
  }
  const header = req.headers["x-api-key"];
  const key = (typeof header === "string" ? header : undefined)?.trim() || url.searchParams.get("api_key")?.trim();
  if (!key) throw new ApiError("missing_api_key", AUTH_MESSAGES.missing);
  if (!isWellFormedApiKey(key)) throw new ApiError("invalid_api_key_format", AUTH_MESSAGES.format);
  const recheck = () => usableKeyOwner(() => findKeyOwner(key));
  const owner = await recheck();
  const sessionId = await startSession({ userId: owner.userId, apiKeyId: owner.apiKeyId, record, proxy: !!urlProxy });
  return { owner, sessionId, record, recheck, ...(urlProxy ? { proxy: urlProxy } : {}) };
}

/** Who opens a driven session: the key of the /mcp request, or the connected app (OAuth grant, D25) of its agent. */
export type DrivenOpener = { apiKeyId: string } | { oauthGrantId: string; userId: string; plan: PlanId };

/**
 * An agent's connected app, checked again while its session lives: disconnected (its grant
 * deleted), or its approver removed from the workspace or no longer allowed to connect apps.
 */
function grantRecheck(grantId: string): () => Promise<void> {
  return async () => {
    if (await grantMayAct(grantId)) return;
    throw new ApiError(
      "oauth_grant_revoked",
      "The connected app this browsing session was opened through has been disconnected (or the member who approved it was removed).",
    );
  };
}

export async function drivenAdmission(opener: DrivenOpener): Promise<Admitted> {
  if ("oauthGrantId" in opener) {
    const recheck = grantRecheck(opener.oauthGrantId);
    await recheck();
    const owner = { userId: opener.userId, plan: opener.plan };
    const sessionId = await startSession({ userId: owner.userId, oauthGrantId: opener.oauthGrantId });
    return { owner, sessionId, record: false, recheck };
  }
  const publicId = await keyPublicId(opener.apiKeyId);
  if (!publicId) throw new ApiError("invalid_api_key", AUTH_MESSAGES.invalid);
  const recheck = keyRecheck(publicId);
  const owner = await recheck();
  const sessionId = await startSession({ userId: owner.userId, apiKeyId: owner.apiKeyId });
  return { owner, sessionId, record: false, recheck };
}
