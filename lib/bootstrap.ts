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
import { startWebhookDispatcher } from "@/lib/webhooks/dispatcher";

export const DEMO_EMAIL = "demo@glance.local";

export async function bootstrap(): Promise<void> {
  // Fail at start, not at the first sign-in, when a public deployment has no AUTH_SECRET.
  await authSecret();
  const db = await getDb(); // runs migrations
  warmUpInBackground();
  // Webhook deliveries (D20): pending ones, from before a restart too, are sent from here on.
  startWebhookDispatcher();
  // Every instance runs async jobs (D20): with REDIS_URL they share one BullMQ queue.
  const { startJobWorkers } = await import("@/lib/jobs/worker");
  await startJobWorkers();
  if (env().mode.database !== "embedded" || !env().appIsLocal) return;

  const keyFile = path.join(env().DATA_DIR, "demo-api-key");
  const existing = (await readFile(keyFile, "utf8").catch(() => "")).trim();
  if (existing && (await findKeyOwner(existing))?.revoked === false) {
    announce(existing, keyFile);
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
  announce(key, keyFile);
}

/**
 * Loads fonts and the OG renderer and starts the browser while the server is already answering,
 * so the first render does not pay for them. Failures are only logged: the render path retries.
 */
function warmUpInBackground() {
  void import("@/lib/og/render")
    .then((m) => m.warmUpOgRenderer())
    .catch((error) => log.warn("OG renderer warm-up failed", { error }));
  void import("@/lib/browser").then((m) => m.warmUp()).catch((error) => log.warn("browser warm-up failed", { error }));
}

function announce(key: string, file: string) {
  // Printed deliberately (not through the redacting logger): this is the local demo key the
  // README tells the operator to use. Only the embedded default ever creates one.
  process.stdout.write(
    `\n  Glance is running at ${env().APP_URL}\n  Demo API key (Business plan): ${key}\n  (also in ${file})\n\n`,
  );
  log.info("demo key ready", { file });
}
