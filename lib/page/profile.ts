/**
 * A saved login on a render's page (D43): `profile=<name>` names a profile of the caller's
 * workspace (lib/profiles), read while the request is validated — another workspace's name is the
 * same 404 profile_not_found as an unknown one — and applied to the render's own browser context
 * before the page loads: its cookies set with their attributes, its local storage written into
 * each origin's documents as they start. The profile's row id (new on every save) is in the cache
 * key, so a result rendered with one profile, or an older save of it, is never served for another.
 */
import "server-only";
import type { CDPSession, Page } from "puppeteer-core";
import { loadProfile } from "@/lib/profiles/store";
import type { RenderProfile, StorageState } from "@/lib/profiles/state";

/** The plan with the workspace's profile `name` attached (none when no name was given). */
export async function withProfile<P extends { profile?: RenderProfile }>(
  plan: P,
  name: string | undefined,
  userId: string,
): Promise<P> {
  return name === undefined ? plan : { ...plan, profile: await loadProfile(userId, name) };
}

/** The cache key's part for the profile: its row id, which changes whenever it is saved again. */
export function profileKeyPart(plan: { profile?: RenderProfile }): { profileVersion?: string } {
  return plan.profile ? { profileVersion: plan.profile.id } : {};
}

/** Runs in every document as it starts: the profile's local storage for the document's own origin. */
function restoreScript(origins: StorageState["origins"]): string {
  const byOrigin = Object.fromEntries(origins.map((o) => [o.origin, o.localStorage]));
  return `(() => { try {
    const items = (${JSON.stringify(byOrigin)})[location.origin];
    if (items) for (const { name, value } of items) localStorage.setItem(name, value);
  } catch {} })();`;
}

/**
 * Sets the profile's cookies in the page's browser context and its local storage for the first
 * load: the restoring script is removed once the page has loaded, so a page that changes a
 * restored value and navigates again keeps its own.
 */
export async function applyProfile(page: Page, client: CDPSession, profile: RenderProfile): Promise<void> {
  const { cookies, origins } = profile.state;
  if (cookies.length) {
    await client.send("Network.setCookies", {
      cookies: cookies.map(({ expires, ...cookie }) => ({ ...cookie, ...(expires >= 0 ? { expires } : {}) })),
    });
  }
  if (origins.length) {
    const { identifier } = await page.evaluateOnNewDocument(restoreScript(origins));
    page.once("load", () => void page.removeScriptToEvaluateOnNewDocument(identifier).catch(() => {}));
  }
}
