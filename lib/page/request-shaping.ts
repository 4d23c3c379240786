/**
 * Request shaping on a fresh page (D19): user agent and language, time zone, media type and
 * features, cookies for the url's host, and extra headers for the url's own origin only.
 *
 * Header and cookie values are secrets: they are handed to Chromium and nowhere else (no log
 * line, no stored metadata). Headers are added per request by interception, so a request to any
 * other origin (a CDN, an analytics host, a redirect elsewhere) never carries them; cookies are
 * host-only and httpOnly, so other hosts do not get them and the page's scripts cannot read them.
 */
import "server-only";
import type { CDPSession, HTTPRequest, MediaFeature, Page } from "puppeteer-core";
import { ApiError } from "@/lib/vocabulary/errors";
import type { RenderSession } from "@/lib/browser";
import type { PagePlan } from "./page-plan";
import { applyProfile } from "./profile";

/**
 * Puppeteer's own DevTools session of the page. Accept-Language and the user agent are one
 * override in Chromium (Network.setUserAgentOverride), which puppeteer only sets without a
 * language; it must be set on the session that already holds the page's user agent, or the two
 * overrides would compete.
 */
function primarySession(page: Page): CDPSession {
  return (page as unknown as { _client(): CDPSession })._client();
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** Adds `headers` to requests whose origin is exactly the target's; leaves every other request alone. */
function addHeadersForOrigin(page: Page, targetOrigin: string, headers: Record<string, string>): void {
  page.on("request", (request: HTTPRequest) => {
    if (request.isInterceptResolutionHandled() || originOf(request.url()) !== targetOrigin) return;
    const overrides = request.continueRequestOverrides();
    const merged = { ...(overrides.headers ?? request.headers()), ...headers };
    // Priority 0 like every plain continue: a refusal by the guard or a blocker still wins.
    void request.continue({ ...overrides, headers: merged }, 0).catch(() => {});
  });
}

export async function shapeRequests(session: RenderSession, plan: PagePlan): Promise<void> {
  const { page } = session;
  const shaping = plan.request;
  const userAgent = plan.userAgent ?? session.userAgent;

  if (shaping.locale) {
    const client = primarySession(page);
    await client.send("Network.setUserAgentOverride", { userAgent, acceptLanguage: shaping.locale });
    await client.send("Emulation.setLocaleOverride", { locale: shaping.locale });
  } else if (userAgent !== session.userAgent) {
    await page.setUserAgent({ userAgent });
  }
  if (shaping.timezone) await page.emulateTimezone(shaping.timezone);
  if (shaping.mediaType) await page.emulateMediaType(shaping.mediaType);

  // One call: each replaces the features the previous one set.
  const features: MediaFeature[] = [];
  if (plan.darkMode) features.push({ name: "prefers-color-scheme", value: "dark" });
  if (shaping.reducedMotion) features.push({ name: "prefers-reduced-motion", value: "reduce" });
  if (features.length) await page.emulateMediaFeatures(features);

  // The saved login first: the request's own cookies for the url's host then win over it.
  if (plan.profile) await applyProfile(page, primarySession(page), plan.profile);
  const target = new URL(plan.url);
  if (shaping.cookies) {
    const cookies = Object.entries(shaping.cookies).map(([name, value]) => ({
      name,
      value,
      // A URL (not a domain) makes a host-only cookie: sent to this host and no subdomain.
      url: `${target.origin}/`,
      httpOnly: true,
      secure: target.protocol === "https:",
    }));
    // The schema and the plan refuse what Chromium is known to refuse (plan-input.ts); anything it
    // still refuses is the caller's cookie too, a 400 rather than a failed render.
    await primarySession(page)
      .send("Network.setCookies", { cookies })
      .catch((error: unknown) => {
        if (!(error instanceof Error) || !/Invalid cookie fields/i.test(error.message)) throw error;
        throw new ApiError("invalid_parameter", "The browser refused one of the cookies as given.", {
          param: "cookies",
        });
      });
  }
  if (shaping.headers) {
    // The page guard has already turned interception on; this is a no-op then, and needed if not.
    await page.setRequestInterception(true);
    addHeadersForOrigin(page, target.origin, shaping.headers);
  }
}
