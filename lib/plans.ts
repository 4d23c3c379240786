/**
 * The plan table (D4). Everything plan-dependent — plan gates, rate limits, quotas,
 * cache TTLs, key limits, the dashboard and the pricing page — reads from here and nowhere else.
 */
export const PLAN_IDS = ["free", "starter", "pro", "business"] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface Plan {
  id: PlanId;
  name: string;
  priceUsdPerMonth: number;
  cacheTtlDays: number;
  maxApiKeys: number;
  requestsPerMinute: number;
  rendersPerMonth: number;
  /** Monitors the account may have (D27), paused ones included. */
  monitors: number;
  /** The shortest time between two scheduled runs of a monitor, in minutes (D27). */
  monitorMinIntervalMinutes: number;
  /**
   * The tallest page a fullPage image captures, in CSS px (D36): beyond Chromium's 16,384 px
   * texture limit the page is captured in tiles and stitched. A taller page is cut there and
   * reported incomplete (height_limit).
   */
  fullPageMaxHeight: number;
  /** Crawls (D32) the account may have running at once. */
  crawls: number;
  /** Pages one crawl may render at most (each page one render against the month's quota). */
  crawlPages: number;
  /** Live browser sessions (D39): how many at once, how long idle, how long at most, in minutes. */
  browserSessions: { concurrent: number; idleMinutes: number; maxMinutes: number };
  /**
   * Active connectors the workspace may have (D42): enforced when one is created; two serving one
   * origin are a failover pair, so a paid plan allows at least one pair.
   */
  connectors: number;
  /** One-line pitch shown on the pricing page. */
  tagline: string;
}

export const PLANS: Record<PlanId, Plan> = {
  free: {
    id: "free",
    name: "Free",
    priceUsdPerMonth: 0,
    cacheTtlDays: 7,
    maxApiKeys: 2,
    requestsPerMinute: 10,
    rendersPerMonth: 100,
    monitors: 1,
    monitorMinIntervalMinutes: 1440,
    fullPageMaxHeight: 16_384,
    crawls: 1,
    crawlPages: 50,
    browserSessions: { concurrent: 1, idleMinutes: 2, maxMinutes: 10 },
    connectors: 1,
    tagline: "Try every core capture option.",
  },
  starter: {
    id: "starter",
    name: "Starter",
    priceUsdPerMonth: 19,
    cacheTtlDays: 14,
    maxApiKeys: 5,
    requestsPerMinute: 60,
    rendersPerMonth: 2_000,
    monitors: 10,
    monitorMinIntervalMinutes: 60,
    fullPageMaxHeight: 32_768,
    crawls: 2,
    crawlPages: 1_000,
    browserSessions: { concurrent: 2, idleMinutes: 5, maxMinutes: 30 },
    connectors: 2,
    tagline: "PDF options, dark mode, ad and cookie-banner blocking.",
  },
  pro: {
    id: "pro",
    name: "Pro",
    priceUsdPerMonth: 59,
    cacheTtlDays: 30,
    maxApiKeys: 20,
    requestsPerMinute: 300,
    rendersPerMonth: 10_000,
    monitors: 50,
    monitorMinIntervalMinutes: 15,
    fullPageMaxHeight: 65_536,
    crawls: 5,
    crawlPages: 10_000,
    browserSessions: { concurrent: 5, idleMinutes: 10, maxMinutes: 60 },
    connectors: 5,
    tagline: "Device presets, custom CSS/JS and Open Graph images.",
  },
  business: {
    id: "business",
    name: "Business",
    priceUsdPerMonth: 199,
    cacheTtlDays: 60,
    maxApiKeys: 100,
    requestsPerMinute: 1_200,
    rendersPerMonth: 50_000,
    monitors: 250,
    monitorMinIntervalMinutes: 5,
    fullPageMaxHeight: 100_000,
    crawls: 20,
    crawlPages: 50_000,
    browserSessions: { concurrent: 20, idleMinutes: 15, maxMinutes: 240 },
    connectors: 20,
    tagline: "High volume with the longest cache.",
  },
};

/**
 * Requests without an account to count against (D4: every /v1 response carries RateLimit-*),
 * per minute and client address, the way GitHub limits unauthenticated calls. Generous on
 * purpose: they stop floods — of key lookups in particular — not ordinary use.
 */
export const ANONYMOUS_LIMITS = {
  /** Answers of 401 (missing, malformed, unknown or revoked key) and refused signed URLs (403 invalid_signature, signature_expired). */
  failedAuth: 300,
  /** Endpoints that need no key: stored files (hot-linked images), the template listing, OpenAPI, unknown paths. */
  keyless: 6_000,
} as const;

/**
 * Revoked keys stay in the table (revocation is final and the dashboard lists it), so a
 * create-then-revoke loop would grow it without ever reaching the active-key limit. Creations
 * are therefore also capped per hour: enough to fill the plan's allowance at once, at least 20.
 */
export function keyCreationsPerHour(plan: PlanId): number {
  return Math.max(20, PLANS[plan].maxApiKeys);
}

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === "string" && (PLAN_IDS as readonly string[]).includes(value);
}

/** Plans are ordered; `planAtLeast("pro", "starter")` is true. */
export function planAtLeast(actual: PlanId, required: PlanId): boolean {
  return PLAN_IDS.indexOf(actual) >= PLAN_IDS.indexOf(required);
}

/** A plan's monitor allowance in words (D27): "1 monitor, checked at most daily". */
export function monitorAllowance(plan: Plan): string {
  const minutes = plan.monitorMinIntervalMinutes;
  const often =
    minutes >= 1440 && minutes % 1440 === 0
      ? minutes === 1440
        ? "daily"
        : `every ${minutes / 1440} days`
      : minutes >= 60 && minutes % 60 === 0
        ? minutes === 60
          ? "hourly"
          : `every ${minutes / 60} hours`
        : `every ${minutes} minutes`;
  return `${plan.monitors.toLocaleString("en-US")} monitor${plan.monitors === 1 ? "" : "s"}, checked at most ${often}`;
}

/** A plan's crawl allowance in words (D32): "1 crawl at a time, up to 50 pages each". */
export function crawlAllowance(plan: Plan): string {
  return `${plan.crawls.toLocaleString("en-US")} crawl${plan.crawls === 1 ? "" : "s"} at a time, up to ${plan.crawlPages.toLocaleString("en-US")} pages each`;
}

/** A plan's connector allowance in words (D42): "1 connector to private sites". */
export function connectorAllowance(plan: Plan): string {
  return `${plan.connectors.toLocaleString("en-US")} connector${plan.connectors === 1 ? "" : "s"} to private sites`;
}

export function cacheTtlSeconds(plan: PlanId): number {
  return PLANS[plan].cacheTtlDays * 24 * 60 * 60;
}
