/**
 * API key lifecycle (D5): create (plan limit enforced atomically), list, revoke, look up.
 * Used by the dashboard, the admin command and the request pipeline — the only code that
 * touches the api_keys table.
 */
import "server-only";
import type { KeyLimits } from "@/lib/vocabulary/caller";
import type { ApiKey } from "@/generated/prisma/client";
import { PERMISSIONS } from "@/lib/auth/roles";
import { isRenderEndpoint } from "@/lib/endpoints";
import { getDb } from "@/lib/db";
import { getPool } from "@/lib/db/pool";
import { displayApiKey, generateApiKey, generatePublicId, generateSigningNonce, hashApiKey } from "@/lib/keys/format";
import { deriveSigningSecret } from "@/lib/keys/signing-secret";
import { PLANS, isPlanId, keyCreationsPerHour, type PlanId } from "@/lib/plans";
import { lookupKeyOwner, lookupKeyOwnerByPublicId, type KeyOwnerRow } from "@/lib/keys/owner-lookup";
import { BrandedError } from "@/lib/vocabulary/branded-error";

/** A key creation refused by a limit; its message is written for the user (dashboard, admin command). */
export class KeyCreationRefused extends BrandedError {
  static readonly brand: string = "glance.KeyCreationRefused";
}

export class KeyLimitError extends KeyCreationRefused {
  static readonly brand: string = "glance.KeyLimitError";
  constructor(
    readonly limit: number,
    readonly plan: PlanId,
  ) {
    super(`The ${PLANS[plan].name} plan allows ${limit} active API keys. Revoke one or upgrade to create another.`);
    this.name = "KeyLimitError";
  }
}

export class KeyChurnError extends KeyCreationRefused {
  static readonly brand: string = "glance.KeyChurnError";
  constructor(readonly perHour: number) {
    super(`At most ${perHour} API keys can be created per hour, revoked ones included. Try again later.`);
    this.name = "KeyChurnError";
  }
}

const HOUR_MS = 3_600_000;

class AccountNotFoundError extends BrandedError {
  static readonly brand: string = "glance.AccountNotFoundError";
  constructor() {
    super("No such account.");
    this.name = "AccountNotFoundError";
  }
}

/**
 * A key as the dashboard may show it: never the hash, never the plaintext, never the signing
 * nonce; `signable` says whether it has a signing secret (keys made before D15 have none).
 */
export type ApiKeySummary = Pick<
  ApiKey,
  | "id"
  | "name"
  | "display"
  | "createdAt"
  | "lastUsedAt"
  | "revokedAt"
  | "pausedAt"
  | "publicId"
  | "allowedEndpoints"
  | "monthlyRenderCap"
> & { signable: boolean };

const summaryFields = {
  id: true,
  name: true,
  display: true,
  createdAt: true,
  lastUsedAt: true,
  revokedAt: true,
  pausedAt: true,
  publicId: true,
  allowedEndpoints: true,
  monthlyRenderCap: true,
  signingNonce: true,
} as const;

function toSummary({
  signingNonce,
  ...row
}: Omit<ApiKeySummary, "signable"> & { signingNonce: string | null }): ApiKeySummary {
  // A NULL array (no restriction) may come back as null from the driver: the summary says [].
  return { ...row, allowedEndpoints: row.allowedEndpoints ?? [], signable: signingNonce !== null };
}

export const MAX_KEY_NAME_LENGTH = 64;

function normaliseKeyName(name: string | undefined | null): string {
  const trimmed = (name ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_KEY_NAME_LENGTH);
  return trimmed || "Default key";
}

/** The roles whose members may hold keys (keys.write, D28): a member without it holds none. */
const KEY_HOLDING_ROLES: readonly string[] = PERMISSIONS["keys.write"];

/** A key's maker is no longer a member who may hold keys (removed, or demoted meanwhile, D28). */
export class KeyCreatorNotMember extends KeyCreationRefused {
  static readonly brand: string = "glance.KeyCreatorNotMember";
  constructor() {
    super("You are no longer a member of this workspace who may create keys.");
    this.name = "KeyCreatorNotMember";
  }
}

/**
 * Creates a key and returns its plaintext and its signing secret (D15) — the only time either is
 * shown; the key is stored as a hash, the signing secret not at all (only its nonce).
 * The user row is locked for the transaction, so concurrent creations cannot exceed the limits
 * (active keys per plan, creations per hour). `createdBy` is the member making it (D28): under the
 * same lock, which a removal or a role change also takes, they must still be a member whose role
 * may hold keys, so a key cannot be made by someone removed a moment before.
 */
export async function createApiKey(
  userId: string,
  name?: string,
  createdBy: string | null = null,
): Promise<{ key: string; signingSecret: string; apiKey: ApiKeySummary }> {
  const db = await getDb();
  const publicId = generatePublicId();
  const signingNonce = generateSigningNonce();
  const signingSecret = await deriveSigningSecret(publicId, signingNonce);
  return db.$transaction(
    async (tx) => {
      const rows = await tx.$queryRaw<
        Array<{ plan: string }>
      >`SELECT plan::text AS plan FROM users WHERE id = ${userId} FOR UPDATE`;
      const plan = rows[0]?.plan;
      if (!isPlanId(plan)) throw new AccountNotFoundError();
      if (createdBy !== null) {
        const member = await tx.workspaceMember.findUnique({
          where: { workspaceId_userId: { workspaceId: userId, userId: createdBy } },
          select: { role: true },
        });
        if (!member || !KEY_HOLDING_ROLES.includes(member.role)) throw new KeyCreatorNotMember();
      }
      const active = await tx.apiKey.count({ where: { userId, revokedAt: null } });
      const limit = PLANS[plan].maxApiKeys;
      if (active >= limit) throw new KeyLimitError(limit, plan);
      // createdAt is written here, not by the column default, so that it and this window are both
      // UTC through Prisma whatever the database session's time zone.
      const now = new Date();
      const perHour = keyCreationsPerHour(plan);
      const recent = await tx.apiKey.count({ where: { userId, createdAt: { gt: new Date(now.getTime() - HOUR_MS) } } });
      if (recent >= perHour) throw new KeyChurnError(perHour);
      const key = generateApiKey();
      const row = await tx.apiKey.create({
        data: {
          userId,
          name: normaliseKeyName(name),
          hash: hashApiKey(key),
          display: displayApiKey(key),
          createdAt: now,
          publicId,
          signingNonce,
          createdBy,
        },
        select: summaryFields,
      });
      return { key, signingSecret, apiKey: toSummary(row) };
      // Concurrent creations for one account queue on the row lock; Prisma's default 5 s budget
      // per transaction counts that wait, so a burst on a loaded machine failed with P2028
      // instead of answering "limit reached". The lock is per account and held for a few queries.
    },
    { maxWait: 10_000, timeout: 30_000 },
  );
}

export async function listApiKeys(userId: string): Promise<ApiKeySummary[]> {
  const db = await getDb();
  const rows = await db.apiKey.findMany({ where: { userId }, select: summaryFields, orderBy: { createdAt: "desc" } });
  return rows.map(toSummary);
}

/** Revokes the user's own key. Returns false when the key does not exist, is someone else's, or is already revoked. */
export async function revokeApiKey(userId: string, keyId: string): Promise<boolean> {
  const db = await getDb();
  const { count } = await db.apiKey.updateMany({
    where: { id: keyId, userId, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  return count > 0;
}

/**
 * Renames the user's own active key (D22); the name is normalised as at creation. Returns the
 * stored name, or null when the key does not exist, is someone else's, or is revoked — the three
 * answered alike, so an id reveals nothing about another account.
 */
export async function renameApiKey(userId: string, keyId: string, name: string): Promise<string | null> {
  const db = await getDb();
  const rows = await db.apiKey.updateManyAndReturn({
    where: { id: keyId, userId, revokedAt: null },
    data: { name: normaliseKeyName(name) },
    select: { name: true },
  });
  return rows[0]?.name ?? null;
}

/**
 * Gives the user's active key a new signing secret (D15) and returns it — shown once. Every URL
 * signed with the previous one stops verifying on the next request, on every instance.
 * Null when the key does not exist, is someone else's, or is revoked.
 */
export async function rollSigningSecret(userId: string, keyId: string): Promise<string | null> {
  const db = await getDb();
  const signingNonce = generateSigningNonce();
  const rows = await db.apiKey.updateManyAndReturn({
    where: { id: keyId, userId, revokedAt: null },
    data: { signingNonce },
    select: { publicId: true },
  });
  return rows[0] ? deriveSigningSecret(rows[0].publicId, signingNonce) : null;
}

/** Operator path (admin command): revoke by the plaintext key. */
export async function revokeApiKeyByPlaintext(key: string): Promise<boolean> {
  const db = await getDb();
  const { count } = await db.apiKey.updateMany({
    where: { hash: hashApiKey(key), revokedAt: null },
    data: { revokedAt: new Date() },
  });
  return count > 0;
}

/** A key's optional restrictions (D15): endpoints it may call, renders it may cause per month. */

export interface KeyOwner {
  apiKeyId: string;
  userId: string;
  plan: PlanId;
  revoked: boolean;
  lastUsedAt: Date | null;
  rendersThisMonth: number;
  publicId: string;
  /** Input of the key's derived signing secret; null when the key has none yet (D15). */
  signingNonce: string | null;
  limits: KeyLimits;
  /** Paused beyond a lower plan's key limit (D18). */
  paused: boolean;
  /** The owner's scheduled plan change is due (D18). */
  planChangeDue: boolean;
}

function toKeyOwner(row: KeyOwnerRow): KeyOwner {
  const endpoints = row.allowed_endpoints?.filter(isRenderEndpoint) ?? [];
  return {
    apiKeyId: row.id,
    userId: row.user_id,
    plan: row.plan as PlanId,
    revoked: row.revoked,
    lastUsedAt: row.last_used_ms === null ? null : new Date(row.last_used_ms),
    publicId: row.public_id,
    signingNonce: row.signing_nonce,
    rendersThisMonth: row.renders,
    limits: { allowedEndpoints: endpoints.length > 0 ? endpoints : null, monthlyRenderCap: row.monthly_render_cap },
    paused: row.paused,
    planChangeDue: row.plan_change_due,
  };
}

/**
 * Looks a key up by its hash on every request: no "valid" answer is cached, so a revocation is
 * seen by every instance on the very next request (D5).
 */
export async function findKeyOwner(key: string): Promise<KeyOwner | null> {
  const row = await lookupKeyOwner(hashApiKey(key));
  return row ? toKeyOwner(row) : null;
}

/** The key a signed URL names (D15), looked up on every request like findKeyOwner. */
export async function findKeyOwnerByPublicId(publicId: string): Promise<KeyOwner | null> {
  const row = await lookupKeyOwnerByPublicId(publicId);
  return row ? toKeyOwner(row) : null;
}

const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * Writes lastUsedAt at most once a minute per key (D5); the WHERE clause makes it idempotent
 * across instances. Plain SQL on the pool like the lookup: it runs on the request path of a
 * key's first request each minute, where Prisma's query compilation showed up as tail latency.
 * Times go in as epoch ms and are stored as UTC, as Prisma stores them.
 */
export async function touchApiKey(owner: KeyOwner, now = new Date()): Promise<void> {
  if (owner.lastUsedAt && now.getTime() - owner.lastUsedAt.getTime() < LAST_USED_RESOLUTION_MS) return;
  const pool = await getPool();
  await pool.query(
    `UPDATE api_keys SET last_used_at = to_timestamp($2 / 1000.0) AT TIME ZONE 'UTC'
      WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < to_timestamp($3 / 1000.0) AT TIME ZONE 'UTC')`,
    [owner.apiKeyId, now.getTime(), now.getTime() - LAST_USED_RESOLUTION_MS],
  );
}
