/**
 * Typed configuration (D12). The only module that reads `process.env`.
 * Nothing set means the embedded default: embedded database and result store under `.data/`,
 * a locally launched Chromium, sign-in links in the server log and the local inbox page.
 */
import os from "node:os";
import path from "node:path";
import { readFileSync } from "node:fs";
import { isIP } from "node:net";
import { z } from "zod";

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()));

const commaList = optionalString.transform((v) =>
  v
    ? v
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
    : [],
);

const intWithDefault = <F extends number | undefined>(fallback: F, min: number, max: number) =>
  optionalString.transform((v, ctx): number | F => {
    if (v === undefined) return fallback;
    const n = Number(v);
    if (!Number.isInteger(n) || n < min || n > max) {
      ctx.addIssue({ code: "custom", message: `must be an integer from ${min} to ${max}` });
      return z.NEVER;
    }
    return n;
  });

/** What one render slot is given of memory by default: a page of a real site with its renderer. */
const SLOT_MEMORY_BYTES = 512 * 1024 * 1024;

/**
 * The default render slots (`BROWSER_CONCURRENCY`, issue 50 point 3): two per core, fewer when the
 * memory holds fewer pages (one per 512 MiB), at least 1 and at most 64. On the 2-core machine of
 * D30 throughput stopped growing at two renders per core (3.04 renders/s at 4 in flight, 3.12 at
 * 8, bench/RESULTS.md): more slots only queue inside Chromium instead of here, where D17's
 * admission control refuses early and fairly. 4 on that machine, as before.
 */
export function renderSlotsFor(machine: { cores: number; memoryBytes: number }): number {
  return Math.max(1, Math.min(64, 2 * machine.cores, Math.floor(machine.memoryBytes / SLOT_MEMORY_BYTES)));
}

/** The limits this process really has: a container's CPU quota (cgroup v2 `cpu.max`) and memory limit, not the host's. */
function machineLimits(): { cores: number; memoryBytes: number } {
  let cores = os.availableParallelism();
  try {
    const [quota, period] = readFileSync("/sys/fs/cgroup/cpu.max", "utf8").trim().split(/\s+/);
    if (quota && quota !== "max" && Number(period) > 0)
      cores = Math.min(cores, Math.ceil(Number(quota) / Number(period)));
  } catch {
    // No cgroup v2 CPU limit readable: the cores the process may run on.
  }
  // constrainedMemory() is 2^64 (or 0) when no limit is set.
  return { cores, memoryBytes: Math.min(os.totalmem(), process.constrainedMemory() || Infinity) };
}

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).optional().default("development"),
  PORT: intWithDefault(3000, 1, 65535),
  APP_URL: optionalString,
  AUTH_URL: optionalString,
  DATA_DIR: optionalString,

  DATABASE_URL: optionalString,
  /** Embedded database only: loopback port its Postgres-protocol socket listens on (0 = any). */
  EMBEDDED_DB_PORT: intWithDefault(0, 0, 65535),

  UPSTASH_REDIS_REST_URL: optionalString,
  UPSTASH_REDIS_REST_TOKEN: optionalString,
  REDIS_URL: optionalString,
  /** Prefix for every key this app writes to Redis; lets tests and tenants share one server. */
  REDIS_PREFIX: optionalString.transform((v) => v ?? "glance:"),

  BROWSER_WS_ENDPOINT: commaList,
  CHROME_PATH: optionalString,
  /**
   * Chromium's own sandbox for a local browser: on unless running as root (Chromium refuses it
   * there); `off` where the process cannot create the namespaces it needs — in a container under
   * Docker's default seccomp profile and capabilities, where the container is the sandbox (D29).
   */
  CHROMIUM_SANDBOX: z.enum(["on", "off"]).optional(),
  /** The ffmpeg that encodes recordings (D26); default: the one on PATH (Debian's, installed by scripts/setup.sh). */
  FFMPEG_PATH: optionalString.transform((v) => v ?? "ffmpeg"),
  /** The largest recording file (D26), in MiB; a larger one is stopped and refused (422 output_too_large). */
  ANIMATE_OUTPUT_MAX_MB: intWithDefault(50, 1, 1_024),
  /** Render slots per instance (D17); default: follows the machine (`renderSlotsFor`). */
  BROWSER_CONCURRENCY: intWithDefault(renderSlotsFor(machineLimits()), 1, 64),
  /**
   * Fresh pages each browser keeps made ahead of renders (lib/browser/spares.ts). Default 0: on real
   * pages, every spare page alive beside a render made that render cost Chromium more CPU (+4 % with
   * one, +29 % with two) than making the page on demand, for a head start of tens of milliseconds
   * (D30). A remote fleet far from its instances may want 1, to take page set-up off each render.
   */
  BROWSER_SPARE_PAGES: intWithDefault(0, 0, 8),
  /**
   * How often a live browser session (D39) checks that its key still works and that no one ended
   * it through the API, in ms: a revocation or a DELETE ends the session within this long.
   */
  SESSION_CHECK_MS: intWithDefault(10_000, 200, 60_000),
  /** The landing page's no-signup "try a URL" demo (D22): captures per client address per hour (0 = off) and in all per day. */
  DEMO_CAPTURES_PER_HOUR: intWithDefault(5, 0, 1_000),
  DEMO_CAPTURES_PER_DAY: intWithDefault(300, 0, 100_000),
  ALLOW_PRIVATE_ORIGINS: commaList,
  /**
   * The proxies in front of this server whose X-Forwarded-For is believed (D14, D17): addresses or
   * CIDR blocks, comma-separated (compose.yaml: HAProxy's network). Unset, the client address is
   * the connection's peer and X-Forwarded-For is ignored (lib/edge/client-address.ts).
   */
  TRUSTED_PROXIES: commaList.refine((entries) => entries.every(isAddressOrBlock), {
    message: "must be IP addresses or CIDR blocks (10.0.0.0/8, ::1), comma-separated",
  }),
  /** Target-safety guard proxy (lib/net): interface and port it listens on (loopback, any port). */
  NET_GUARD_HOST: optionalString.transform((v) => v ?? "127.0.0.1"),
  NET_GUARD_PORT: intWithDefault(0, 0, 65535),
  /**
   * Port of the guard's second listener, for renders through a customer's proxy (D41), on the same
   * interface (any port by default; fix it where the browsers reach the guard through a firewall).
   */
  NET_GUARD_ROUTE_PORT: intWithDefault(0, 0, 65535),
  /**
   * How remote browsers reach the guard, e.g. http://10.0.3.7:3128; set to route their egress through it.
   * `{hostname}` stands for this machine's host name: replicas sharing one setting each name their own
   * guard (compose.yaml: Docker's DNS resolves a container's host name on its networks, D29).
   */
  NET_GUARD_URL: optionalString.transform((v) => v?.replaceAll("{hostname}", os.hostname())),
  /** Proxy credential the guard requires (mandatory when it listens beyond loopback). */
  NET_GUARD_TOKEN: optionalString,

  AUTH_SECRET: optionalString,
  AUTH_GITHUB_ID: optionalString,
  AUTH_GITHUB_SECRET: optionalString,
  /** Test hook: base URL of a GitHub-compatible OAuth server (defaults to github.com). */
  AUTH_GITHUB_BASE_URL: optionalString,
  /** Test hook: base URL of a GitHub-compatible REST API (defaults to api.github.com). */
  AUTH_GITHUB_API_URL: optionalString,
  EMAIL_SERVER: optionalString,
  EMAIL_FROM: optionalString.transform((v) => v ?? "Glance <no-reply@glance.local>"),

  /** Self-serve billing (D18): on only when the key, the webhook secret and all six price ids are set. */
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PRICE_STARTER_MONTHLY: optionalString,
  STRIPE_PRICE_STARTER_YEARLY: optionalString,
  STRIPE_PRICE_PRO_MONTHLY: optionalString,
  STRIPE_PRICE_PRO_YEARLY: optionalString,
  STRIPE_PRICE_BUSINESS_MONTHLY: optionalString,
  STRIPE_PRICE_BUSINESS_YEARLY: optionalString,
  /** Where customers ask for a plan change while self-serve billing is off (shown on the pricing and billing pages). */
  CONTACT_EMAIL: optionalString,
  /** The same as a web page (a contact form, a booking page); preferred over CONTACT_EMAIL when both are set. */
  CONTACT_URL: optionalString.refine((v) => v === undefined || /^https?:\/\/[^\s]+$/.test(v), {
    message: "must be an http(s) URL",
  }),
  /** E-mail addresses of the server's administrators: they see setup hints (what to configure) customers never see. */
  ADMIN_EMAILS: commaList.transform((list) => list.map((e) => e.toLowerCase())),
  /** Test hook: base URL of a Stripe-compatible API (defaults to Stripe's own). */
  STRIPE_API_URL: optionalString,

  /** Async jobs (D20): jobs one instance runs at once (they share BROWSER_CONCURRENCY's slots with synchronous requests). */
  JOBS_CONCURRENCY: intWithDefault(2, 1, 64),
  /** Async jobs one account may have running at once, across all instances, so one customer's bulk cannot starve the others. */
  JOBS_ACCOUNT_CONCURRENCY: intWithDefault(2, 1, 64),
  /** Seconds an instance's claim on a running job lasts without renewal; a job of an instance that died is picked up again after it. */
  JOBS_LEASE_SECONDS: intWithDefault(30, 2, 600),

  /**
   * Monitors (D27): the shortest interval between scheduled runs, in seconds, for every plan,
   * replacing the plans' own minimums (self-hosting; tests). Unset, each plan's minimum applies.
   */
  MONITOR_MIN_INTERVAL_SECONDS: intWithDefault(undefined, 1, 86_400),
  /** Monitors (D27): how often each instance looks for due ticks on the in-process schedule and for alert e-mails to send. */
  MONITOR_POLL_MS: intWithDefault(5_000, 10, 600_000),
  /** Megabytes of recently used results each instance keeps in memory in front of the store; 0 turns it off. */
  RESULT_MEMORY_CACHE_MB: intWithDefault(64, 0, 16_384),
  /** HMAC secret for cache keys; persisted under DATA_DIR when unset. */
  CACHE_SECRET: optionalString,
  /** Server secret signing secrets are derived from (D15); persisted under DATA_DIR when unset. Equal on every instance. */
  URL_SIGNING_SECRET: optionalString,
  /** Webhooks (D20): delay before the first retry; each later one waits 5× longer (tests shorten it). */
  WEBHOOK_RETRY_BASE_MS: intWithDefault(5_000, 1, 3_600_000),
  /** Webhooks (D20): attempts per delivery, the first included, before it is marked failed. */
  WEBHOOK_MAX_ATTEMPTS: intWithDefault(8, 1, 20),
  /** Webhooks (D20): how long a receiver has to answer one attempt. */
  WEBHOOK_TIMEOUT_MS: intWithDefault(15_000, 1_000, 60_000),
  /** Webhooks (D20): how often each instance looks for due deliveries (new ones are sent at once). */
  WEBHOOK_POLL_MS: intWithDefault(2_000, 10, 600_000),
  /** Benchmarks only: the file app/bench/static serves (the trivial-route baseline); unset, that route is a 404. */
  BENCH_STATIC_FILE: optionalString,
  /**
   * GET /metrics (D40): the bearer token a Prometheus scrape sends (`Authorization: Bearer …`).
   * Unset, /metrics is a 404. Each instance answers for itself.
   */
  METRICS_TOKEN: optionalString.refine((v) => v === undefined || v.length >= 16, {
    message: "must be at least 16 characters",
  }),
  /**
   * Traces (D40): the OTLP/HTTP collector's base URL (spans go to <url>/v1/traces, as JSON).
   * Unset, tracing is off and its SDK is never loaded.
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalString.refine((v) => v === undefined || /^https?:\/\/[^\s]+$/.test(v), {
    message: "must be an http(s) URL",
  }),
  /** Headers every export sends (a collector's API key), as `name=value,name2=value2` (OpenTelemetry's form). */
  OTEL_EXPORTER_OTLP_HEADERS: optionalString.transform((v, ctx) => {
    const headers: Record<string, string> = {};
    for (const pair of v?.split(",") ?? []) {
      const at = pair.indexOf("=");
      if (!pair.trim()) continue;
      if (at <= 0) {
        ctx.addIssue({ code: "custom", message: "must be name=value pairs, comma-separated" });
        return z.NEVER;
      }
      headers[decodeURIComponent(pair.slice(0, at).trim())] = decodeURIComponent(pair.slice(at + 1).trim());
    }
    return headers;
  }),
  /** The service.name of the spans (D40). */
  OTEL_SERVICE_NAME: optionalString.transform((v) => v ?? "glance"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).optional().default("info"),
});

export type Env = ReturnType<typeof buildEnv>;

function buildEnv(source: NodeJS.ProcessEnv) {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const appUrl = (e.APP_URL ?? e.AUTH_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
  const appHost = safeHostname(appUrl);
  const isLocalApp = appHost === "localhost" || appHost === "127.0.0.1" || appHost === "[::1]";
  return {
    ...e,
    APP_URL: appUrl,
    // Runtime data, never part of a deployment: the ignore keeps the build from tracing (and
    // copying) the whole project because of a path it cannot know.
    DATA_DIR: path.resolve(/*turbopackIgnore: true*/ e.DATA_DIR ?? ".data"),
    /** Which adapters are active (D12). */
    mode: {
      database: e.DATABASE_URL ? ("postgres" as const) : ("embedded" as const),
      store: e.UPSTASH_REDIS_REST_URL ? ("upstash" as const) : e.REDIS_URL ? ("redis" as const) : ("files" as const),
      browser: e.BROWSER_WS_ENDPOINT.length > 0 ? ("remote" as const) : ("local" as const),
      mail: e.EMAIL_SERVER ? ("smtp" as const) : ("dev-inbox" as const),
    },
    /** APP_URL is a loopback URL: the embedded default. Local-only conveniences key off this. */
    appIsLocal: isLocalApp,
    /** The local inbox page exists only with no SMTP and a localhost APP_URL (D12). */
    devInboxEnabled: !e.EMAIL_SERVER && isLocalApp,
    githubEnabled: Boolean(e.AUTH_GITHUB_ID && e.AUTH_GITHUB_SECRET),
    billing: stripeBilling(e),
    /** The route to a plan change while billing is off (#35): CONTACT_URL, else CONTACT_EMAIL as mailto. */
    contact: e.CONTACT_URL
      ? { href: e.CONTACT_URL, label: e.CONTACT_URL.replace(/^https?:\/\//, "").replace(/\/$/, "") }
      : e.CONTACT_EMAIL
        ? { href: `mailto:${e.CONTACT_EMAIL}`, label: e.CONTACT_EMAIL }
        : undefined,
    /** The embedded default on a loopback APP_URL (the demo): whoever uses it runs it. */
    isDemo: !e.DATABASE_URL && isLocalApp,
  };
}

/** The Stripe settings when every one of them is set; otherwise billing is off (plans change through the admin command). */
function stripeBilling(e: z.output<typeof schema>) {
  const prices = {
    starter: { monthly: e.STRIPE_PRICE_STARTER_MONTHLY, yearly: e.STRIPE_PRICE_STARTER_YEARLY },
    pro: { monthly: e.STRIPE_PRICE_PRO_MONTHLY, yearly: e.STRIPE_PRICE_PRO_YEARLY },
    business: { monthly: e.STRIPE_PRICE_BUSINESS_MONTHLY, yearly: e.STRIPE_PRICE_BUSINESS_YEARLY },
  };
  const allPrices = Object.values(prices).flatMap((p) => [p.monthly, p.yearly]);
  if (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET || allPrices.some((p) => !p)) return undefined;
  return {
    secretKey: e.STRIPE_SECRET_KEY,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET,
    prices: prices as Record<keyof typeof prices, { monthly: string; yearly: string }>,
    apiUrl: e.STRIPE_API_URL,
  };
}

function isAddressOrBlock(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (!version || rest.length) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

function safeHostname(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return "";
  }
}

let cached: Env | undefined;

/** The validated configuration, read once per process. */
export function env(): Env {
  cached ??= buildEnv(process.env);
  return cached;
}

/** Tests that change process.env between cases call this to re-read it. */
export function reloadEnv(): Env {
  cached = undefined;
  return env();
}
