/**
 * Server start-up (called from instrumentation.ts): migrate the database and, on the embedded
 * default, make sure a demo account with a Business-plan key exists so a fresh clone can call
 * the API at once. The key is created once, stored hashed like any key, and its plaintext is
 * kept in DATA_DIR/demo-api-key for local use only. "The embedded default" means the embedded
 * database and a loopback APP_URL: a public deployment that keeps the embedded database (D12
 * allows it) gets no demo account, so no Business key whose plaintext sits in its logs.
 */
import "server-only";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { authSecret } from "@/lib/auth/secret";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { findKeyOwner, createApiKey } from "@/lib/keys/service";
import { log } from "@/lib/log";
import { type PlanId, PLANS } from "@/lib/plans";
import { startWebhookDispatcher } from "@/lib/webhooks/dispatcher";
import { observe } from "@/lib/observability/metrics";

export const DEMO_EMAIL = "demo@glance.local";

export async function bootstrap(): Promise<void> {
  // Fail at start, not at the first sign-in, when a public deployment has no AUTH_SECRET.
  await authSecret();
  const db = await getDb(); // runs migrations
  await observeAtScrape();
  warmUpInBackground();
  // Webhook deliveries (D20): pending ones, from before a restart too, are sent from here on.
  startWebhookDispatcher();
  // Every instance runs async jobs (D20): with REDIS_URL they share one BullMQ queue. Monitors'
  // runs are jobs too, and every instance takes part in their schedule (D27).
  // A crawl's pages are jobs of their own kind (D32).
  const { startMonitoring } = await import("@/lib/monitors/start");
  const { CRAWL_PAGE } = await import("@/lib/jobs/store");
  const { crawlPageKind } = await import("@/lib/crawl/run");
  await startMonitoring({ [CRAWL_PAGE]: crawlPageKind });
  if (env().mode.database !== "embedded" || !env().appIsLocal) return;

  const keyFile = path.join(env().DATA_DIR, "demo-api-key");
  const existing = (await readFile(keyFile, "utf8").catch(() => "")).trim();
  const owner = existing ? await findKeyOwner(existing) : undefined;
  if (existing && owner?.revoked === false) {
    announce(existing, keyFile, owner.plan);
    return;
  }
  const user = await db.user.upsert({
    where: { email: DEMO_EMAIL },
    create: { email: DEMO_EMAIL, name: "Demo", plan: "business" },
    // Plans change through the admin command (D4): a new demo key keeps what an operator set.
    update: {},
  });
  const { key } = await createApiKey(user.id, "Demo key");
  await writeFile(keyFile, key + "\n", { mode: 0o600 });
  announce(key, keyFile, user.plan);
}

/**
 * What GET /metrics reads when scraped (D40): the render queue of this instance and the jobs
 * table. Given here, where the features are put together, so lib/observability imports none.
 */
async function observeAtScrape() {
  const [{ renderLoad }, { countJobsByState }] = await Promise.all([
    import("@/lib/browser"),
    import("@/lib/jobs/store"),
  ]);
  observe({ renderLoad, jobStates: countJobsByState });
}

/**
 * Loads fonts and the OG renderer, starts the browser and loads the landing page demo's filter
 * lists while the server is already answering, so the first render does not pay for them. Failures
 * are only logged: the render path retries. Exported for the test of a fresh start (D22).
 */
export function warmUpInBackground() {
  void import("@/lib/og/render")
    .then((m) => m.warmUpOgRenderer())
    .catch((error) => log.warn("OG renderer warm-up failed", { error }));
  void import("@/lib/browser").then((m) => m.warmUp()).catch((error) => log.warn("browser warm-up failed", { error }));
  // The demo's blockAds and blockCookies lists (D22): a list not yet cached under DATA_DIR is
  // parsed in seconds of CPU, which the first visitor's demo capture paid (measured in D22).
  // Only these two: the others are bigger and no page of the site needs them.
  void import("@/lib/page/filters/engine")
    .then(async (m) => {
      await m.filterEngine("ads");
      await m.filterEngine("cookies");
    })
    .catch((error) => log.warn("filter list warm-up failed", { error }));
}

/**
 * The demo's console lines: the key, whose account it is, and how to sign in as that account
 * (the dashboard shows its plan, keys and usage; signing in with one's own address makes a new
 * Free account instead). The sign-in mail lands in the local inbox page, which exists exactly
 * when a demo account does not need a mail server (D12): no EMAIL_SERVER, a loopback APP_URL.
 */
function announce(key: string, file: string, plan: PlanId) {
  const app = env().APP_URL;
  const signIn = env().devInboxEnabled
    ? `  Sign in as it: ${app}/signin with ${DEMO_EMAIL}, then open the link in the local inbox at ${app}/dev/inbox\n`
    : `  Sign in as it: ${app}/signin with ${DEMO_EMAIL} (the link goes out through EMAIL_SERVER)\n`;
  // Printed deliberately (not through the redacting logger): this is the local demo key the
  // README tells the operator to use. Only the embedded default ever creates one.
  process.stdout.write(
    `\n  Glance is running at ${app}\n` +
      `  Demo API key: ${key}  (also in ${file})\n` +
      `  It belongs to the account ${DEMO_EMAIL}, on the ${PLANS[plan].name} plan.\n` +
      signIn +
      "\n",
  );
  log.info("demo key ready", { file });
}
