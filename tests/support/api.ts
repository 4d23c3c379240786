/**
 * Helpers for calling route handlers in-process with real accounts and keys. Use after
 * `testEnvironment()` (tests/support/test-env.ts) has configured the database for the test file.
 */
import { randomBytes } from "node:crypto";
import type { PlanId } from "@/lib/plans";

export interface TestAccount {
  userId: string;
  email: string;
  apiKey: string;
  apiKeyId: string;
  /** D15: the key's public id (key_id of signed URLs) and its signing secret. */
  publicId: string;
  signingSecret: string;
}

export async function createTestAccount(options: { plan?: PlanId; email?: string } = {}): Promise<TestAccount> {
  const { getDb } = await import("@/lib/db");
  const { createApiKey } = await import("@/lib/keys/service");
  const db = await getDb();
  const email = options.email ?? `user-${randomBytes(5).toString("hex")}@example.test`;
  const user = await db.user.create({ data: { email, plan: options.plan ?? "business" } });
  const { key, apiKey, signingSecret } = await createApiKey(user.id, "test key");
  return { userId: user.id, email, apiKey: key, apiKeyId: apiKey.id, publicId: apiKey.publicId, signingSecret };
}

/** Builds a GET request to the app; the key goes in X-API-Key unless `keyIn: "query"`. */
export function apiRequest(
  pathAndQuery: string,
  options: { apiKey?: string; keyIn?: "header" | "query"; headers?: Record<string, string> } = {},
): Request {
  const url = new URL(pathAndQuery, "http://localhost:3000");
  const headers = new Headers(options.headers);
  if (options.apiKey) {
    if (options.keyIn === "query") url.searchParams.append("api_key", options.apiKey);
    else headers.set("X-API-Key", options.apiKey);
  }
  return new Request(url, { headers });
}

export async function problemOf(response: Response): Promise<Record<string, unknown>> {
  if (response.headers.get("content-type") !== "application/problem+json") {
    throw new Error(`expected problem+json, got ${response.status} ${response.headers.get("content-type")}`);
  }
  return (await response.json()) as Record<string, unknown>;
}

/** The renders counted against `account` this month (monthly_usage, D18). */
export async function rendersOf(account: Pick<TestAccount, "userId">): Promise<number> {
  const { getPool } = await import("@/lib/db/pool");
  const { rows } = await (
    await getPool()
  ).query<{ n: number }>("SELECT COALESCE(SUM(renders), 0)::int AS n FROM monthly_usage WHERE user_id = $1", [
    account.userId,
  ]);
  return rows[0].n;
}
