/**
 * Connector tokens (D42): the credential a connector program inside a customer's network dials
 * Glance with. `ct_live_` + 40 characters from the OS CSPRNG, stored only as its SHA-256, shown
 * once; revocable; ended with the workspace (foreign key) and with the member who made it (like
 * their keys, lib/keys/member-keys.ts). The only code that touches the connectors table.
 */
import "server-only";
import { createHash, randomBytes, randomInt } from "node:crypto";
import type { Prisma } from "@/generated/prisma/client";
import { PERMISSIONS } from "@/lib/auth/roles";
import { getDb } from "@/lib/db";
import { isPlanId, PLAN_IDS, PLANS, type Plan } from "@/lib/plans";
import { BrandedError } from "@/lib/vocabulary/branded-error";

const TOKEN_PREFIX = "ct_live_";
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const RANDOM_LENGTH = 40;
const TOKEN_PATTERN = /^ct_live_[A-Za-z0-9]{40}$/;

export const MAX_CONNECTOR_NAME_LENGTH = 64;

/** A creation refused for a reason written for the user (dashboard, admin command). */
export class ConnectorCreationRefused extends BrandedError {
  static readonly brand: string = "glance.ConnectorCreationRefused";
}

export function isWellFormedConnectorToken(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}

function hashConnectorToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

function generateToken(): string {
  let out = TOKEN_PREFIX;
  // randomInt draws uniformly (no modulo bias) from the OS CSPRNG.
  for (let i = 0; i < RANDOM_LENGTH; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

function displayToken(token: string): string {
  const random = token.slice(TOKEN_PREFIX.length);
  return `${TOKEN_PREFIX}${random.slice(0, 4)}…${random.slice(-4)}`;
}

/** A connector as the dashboard and GET /v1/connectors may show it: never the hash. */
export interface ConnectorSummary {
  id: string;
  name: string;
  display: string;
  createdAt: Date;
  revokedAt: Date | null;
  lastSeenAt: Date | null;
  connectedAt: Date | null;
  exposedOrigins: string[];
  version: string | null;
}

const summaryFields = {
  id: true,
  name: true,
  display: true,
  createdAt: true,
  revokedAt: true,
  lastSeenAt: true,
  connectedAt: true,
  exposedOrigins: true,
  version: true,
} as const;

function normaliseName(name: string | undefined): string {
  const clean = (name ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_CONNECTOR_NAME_LENGTH);
  return clean || "Connector";
}

/** Why the plan refuses another connector, and where more are allowed. */
function atConnectorLimit(plan: Plan): string {
  const more = PLAN_IDS.map((id) => PLANS[id]).find((p) => p.connectors > plan.connectors);
  const upgrade = more ? `, or upgrade: the ${more.name} plan allows ${more.connectors}` : "";
  return `The ${plan.name} plan allows ${plan.connectors} active connector${plan.connectors === 1 ? "" : "s"} per workspace. Revoke one to create another${upgrade}.`;
}

/**
 * Creates a connector and returns its token, the only time it is shown. Under the workspace row's
 * lock (which removals, role changes and plan changes take too), `createdBy` must still be a member
 * who may hold credentials (keys.write), and the workspace may hold at most its plan's number of
 * active connectors (D42).
 */
export async function createConnector(
  workspaceId: string,
  name: string | undefined,
  createdBy: string | null = null,
): Promise<{ token: string; connector: ConnectorSummary }> {
  const db = await getDb();
  return db.$transaction(
    async (tx) => {
      const rows = await tx.$queryRaw<
        Array<{ plan: string }>
      >`SELECT plan::text AS plan FROM users WHERE id = ${workspaceId} FOR UPDATE`;
      if (rows.length === 0) throw new ConnectorCreationRefused("No such workspace.");
      const plan = PLANS[isPlanId(rows[0].plan) ? rows[0].plan : "free"];
      if (createdBy !== null) {
        const member = await tx.workspaceMember.findUnique({
          where: { workspaceId_userId: { workspaceId, userId: createdBy } },
          select: { role: true },
        });
        if (!member || !(PERMISSIONS["keys.write"] as readonly string[]).includes(member.role))
          throw new ConnectorCreationRefused("You are no longer a member of this workspace who may create connectors.");
      }
      const active = await tx.connector.count({ where: { userId: workspaceId, revokedAt: null } });
      if (active >= plan.connectors) throw new ConnectorCreationRefused(atConnectorLimit(plan));
      const token = generateToken();
      const connector = await tx.connector.create({
        data: {
          id: `con_${randomBytes(12).toString("base64url")}`,
          userId: workspaceId,
          name: normaliseName(name),
          tokenHash: hashConnectorToken(token),
          display: displayToken(token),
          createdBy,
          createdAt: new Date(),
        },
        select: summaryFields,
      });
      return { token, connector };
    },
    { maxWait: 10_000, timeout: 30_000 },
  );
}

export async function listConnectors(workspaceId: string): Promise<ConnectorSummary[]> {
  const db = await getDb();
  return db.connector.findMany({
    where: { userId: workspaceId },
    select: summaryFields,
    orderBy: [{ revokedAt: { sort: "desc", nulls: "first" } }, { createdAt: "desc" }],
  });
}

/** Revokes one of the workspace's connectors; false when it is not the workspace's or already revoked. */
export async function revokeConnector(workspaceId: string, connectorId: string): Promise<boolean> {
  const db = await getDb();
  const { count } = await db.connector.updateMany({
    where: { id: connectorId, userId: workspaceId, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  return count > 0;
}

/** The admin command's revoke: by the token itself. Returns what it revoked, or null. */
export async function revokeConnectorByToken(token: string): Promise<{ id: string; workspaceId: string } | null> {
  const db = await getDb();
  const rows = await db.connector.updateManyAndReturn({
    where: { tokenHash: hashConnectorToken(token), revokedAt: null },
    data: { revokedAt: new Date() },
    select: { id: true, userId: true },
  });
  return rows[0] ? { id: rows[0].id, workspaceId: rows[0].userId } : null;
}

/** Who a token is: the active connector it names, or null (unknown, malformed or revoked alike). */
export async function findConnectorByToken(
  token: string,
): Promise<{ id: string; workspaceId: string; name: string } | null> {
  if (!isWellFormedConnectorToken(token)) return null;
  const db = await getDb();
  const row = await db.connector.findFirst({
    where: { tokenHash: hashConnectorToken(token), revokedAt: null },
    select: { id: true, userId: true, name: true },
  });
  return row ? { id: row.id, workspaceId: row.userId, name: row.name } : null;
}

/** Whether a connector is still active: asked while it is connected, so a revoke ends its socket. */
export async function isConnectorActive(connectorId: string): Promise<boolean> {
  const db = await getDb();
  return (await db.connector.count({ where: { id: connectorId, revokedAt: null } })) > 0;
}

/** What a connection said about itself, and that it is heard now. */
export async function recordConnectorSeen(
  connectorId: string,
  status: { connected?: boolean; exposedOrigins?: string[]; version?: string | null },
  now = new Date(),
): Promise<void> {
  const db = await getDb();
  await db.connector.updateMany({
    where: { id: connectorId },
    data: {
      lastSeenAt: now,
      ...(status.connected ? { connectedAt: now } : {}),
      ...(status.exposedOrigins ? { exposedOrigins: status.exposedOrigins } : {}),
      ...(status.version !== undefined ? { version: status.version } : {}),
    },
  });
}

/**
 * Ends the connectors a member created in a workspace, in the caller's transaction (their removal,
 * their account's deletion, or a role without keys.write). Returns the revoked ids.
 */
export async function endMemberConnectors(
  tx: Prisma.TransactionClient,
  workspaceId: string,
  memberId: string,
  now = new Date(),
): Promise<string[]> {
  const rows = await tx.connector.findMany({
    where: { userId: workspaceId, createdBy: memberId, revokedAt: null },
    select: { id: true },
  });
  const ids = rows.map((r) => r.id);
  if (ids.length > 0) await tx.connector.updateMany({ where: { id: { in: ids } }, data: { revokedAt: now } });
  return ids;
}

/** Its socket closed: offline for every instance, unless a newer connection set `connected_at` since. */
export async function markConnectorGone(connectorId: string, connectedAt: Date): Promise<void> {
  const db = await getDb();
  await db.connector.updateMany({ where: { id: connectorId, connectedAt }, data: { connectedAt: null } });
}

/** A connector able to serve, as the routes read it: online when connected and heard lately. */
export interface ServingConnector {
  id: string;
  workspaceId: string;
  name: string;
  origins: string[];
  online: boolean;
}

/** Heard within this long (three pings) and not disconnected: online. */
export const ONLINE_WITHIN_MS = 45_000;

/** Every active connector's declared origins, for the routes' cache (one query for all workspaces). */
export async function activeConnectors(now = new Date()): Promise<ServingConnector[]> {
  const db = await getDb();
  const rows = await db.connector.findMany({
    where: { revokedAt: null, NOT: { exposedOrigins: { isEmpty: true } } },
    select: { id: true, userId: true, name: true, exposedOrigins: true, connectedAt: true, lastSeenAt: true },
  });
  return rows.map((r) => ({
    id: r.id,
    workspaceId: r.userId,
    name: r.name,
    origins: r.exposedOrigins,
    online:
      r.connectedAt !== null && r.lastSeenAt !== null && now.getTime() - r.lastSeenAt.getTime() < ONLINE_WITHIN_MS,
  }));
}

/** The workspace's active connectors that declared `origin`, most recently connected first. */
export async function connectorsServing(workspaceId: string, origin: string, now = new Date()) {
  const db = await getDb();
  const rows = await db.connector.findMany({
    where: { userId: workspaceId, revokedAt: null, exposedOrigins: { has: origin } },
    select: { id: true, userId: true, name: true, exposedOrigins: true, connectedAt: true, lastSeenAt: true },
    orderBy: [{ connectedAt: { sort: "desc", nulls: "last" } }, { lastSeenAt: { sort: "desc", nulls: "last" } }],
  });
  return rows.map((r): ServingConnector => ({
    id: r.id,
    workspaceId: r.userId,
    name: r.name,
    origins: r.exposedOrigins,
    online:
      r.connectedAt !== null && r.lastSeenAt !== null && now.getTime() - r.lastSeenAt.getTime() < ONLINE_WITHIN_MS,
  }));
}
