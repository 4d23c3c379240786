/**
 * Per-test-file configuration. Each Vitest file runs in its own worker, so a file sets its
 * environment once (before importing the app's modules) and gets private resources: a fresh
 * Postgres database or embedded data directory, and its own Redis key prefix.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { reloadEnv } from "@/lib/env";

export const ADMIN_DB_URL = "postgres://postgres@127.0.0.1:5432/test";
export const REDIS_URL = "redis://127.0.0.1:6379";

export interface TestEnvOptions {
  database?: "postgres" | "embedded";
  store?: "files" | "redis";
  extra?: Record<string, string | undefined>;
}

export interface TestEnv {
  dataDir: string;
  databaseUrl?: string;
  redisPrefix: string;
  cleanup(): Promise<void>;
}

/** Creates an empty Postgres database with a unique name and returns its URL. */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `glance_t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: ADMIN_DB_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return {
    url: `postgres://postgres@127.0.0.1:5432/${name}`,
    async drop() {
      const c = new pg.Client({ connectionString: ADMIN_DB_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Sets (or, for undefined, removes) these variables and has lib/env read them again. */
export function setEnvironment(vars: Record<string, string | undefined>): void {
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  reloadEnv();
}

export async function useTestEnv(options: TestEnvOptions = {}): Promise<TestEnv> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "glance-test-"));
  const redisPrefix = `glance-test:${randomBytes(6).toString("hex")}:`;
  const database = options.database ?? "postgres";
  const db = database === "postgres" ? await createTestDatabase() : undefined;

  const vars: Record<string, string | undefined> = {
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    DATABASE_URL: db?.url,
    REDIS_URL: options.store === "redis" ? REDIS_URL : undefined,
    UPSTASH_REDIS_REST_URL: undefined,
    UPSTASH_REDIS_REST_TOKEN: undefined,
    REDIS_PREFIX: redisPrefix,
    APP_URL: "http://localhost:3000",
    LOG_LEVEL: "silent",
    CACHE_SECRET: "test-cache-secret",
    ...options.extra,
  };
  setEnvironment(vars);
  return {
    dataDir,
    databaseUrl: db?.url,
    redisPrefix,
    async cleanup() {
      // Write pending usage events first, so no flush reconnects to a database being dropped.
      const { flushUsage } = await import("@/lib/usage/record");
      await flushUsage();
      // Likewise stop a webhook dispatcher the file started (directly or through bootstrap, D20);
      // its loop sits on globalThis, so files that never started one do not load the module.
      if (Symbol.for("glance.webhooks.dispatcher") in globalThis) {
        const { stopWebhookDispatcher } = await import("@/lib/webhooks/dispatcher");
        await stopWebhookDispatcher();
      }
      const { disconnectDb } = await import("@/lib/db");
      await disconnectDb();
      await db?.drop();
    },
  };
}
