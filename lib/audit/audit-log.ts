/**
 * The audit log of a workspace (D28): who did what and when — keys created, renamed, limited and
 * revoked, signing secrets rolled, members invited, joined, changed, removed, ownership moved,
 * plan changes, webhook and storage settings, monitors, templates, the brand kit, connected apps:
 * every dashboard action declares its entries (lib/auth/dashboard-action.ts). Written by the action that did it, after it
 * succeeded; read by owners and admins (audit.read). Kept AUDIT_RETENTION_DAYS: reads never show
 * older rows, and each write prunes expired ones in a bounded batch at most every 10 minutes per
 * instance, so the table stays bounded without a scheduler.
 */
import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import type { Prisma } from "@/generated/prisma/client";
import { getDb } from "@/lib/db";
import { log } from "@/lib/log";

export const AUDIT_RETENTION_DAYS = 365;
const DAY_MS = 86_400_000;
const PRUNE_INTERVAL_MS = 10 * 60_000;
const PRUNE_BATCH = 5_000;

/** Every action the log knows, with the sentence the audit page shows. */
const AUDIT_ACTIONS = {
  "team.created": "created the workspace",
  "key.created": "created a key",
  "key.renamed": "renamed a key",
  "key.revoked": "revoked a key",
  "key.kept": "kept a removed member's key for the workspace",
  "key.limits_changed": "changed a key's limits",
  "signing_secret.rolled": "rolled a key's signing secret",
  "key.rolled": "rolled an API key (a new secret for the same key)",
  "member.invited": "invited a member",
  "invitation.revoked": "revoked an invitation",
  "member.joined": "joined",
  "member.role_changed": "changed a member's role",
  "member.removed": "removed a member",
  "member.left": "left",
  "account.deleted": "deleted their account and left",
  "ownership.transferred": "transferred ownership",
  "plan.changed": "plan changed",
  "webhook.url_changed": "changed the webhook URL",
  "webhook.secret_rolled": "rolled the webhook signing secret",
  "storage.saved": "saved the storage settings",
  "storage.removed": "removed the storage settings",
  "profile.deleted": "deleted a saved browser profile",
  "keys.kept": "chose the keys kept active after a downgrade",
  "webhook.test_sent": "sent a test webhook",
  "webhook.redelivered": "sent a webhook delivery again",
  "monitor.created": "created a monitor",
  "monitor.paused": "paused a monitor",
  "monitor.resumed": "resumed a monitor",
  "monitor.run": "ran a monitor now",
  "monitor.deleted": "deleted a monitor",
  "template.saved": "saved an OG template",
  "template.restored": "restored an OG template's version",
  "template.deleted": "deleted an OG template",
  "brand.saved": "saved a brand kit asset",
  "brand.deleted": "deleted a brand kit asset",
  "app.disconnected": "disconnected an MCP app",
  "connector.created": "created a connector",
  "connector.revoked": "revoked a connector",
  "connector.connected": "connector connected",
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

export interface AuditActor {
  id: string;
  email: string | null;
  name?: string | null;
}

export interface AuditEntry {
  id: string;
  at: Date;
  actor: string;
  action: AuditAction;
  text: string;
  target: string | null;
  detail: Record<string, unknown> | null;
}

type Writer = Pick<Prisma.TransactionClient, "auditEvent">;

/** An entry's small detail: names, counts, roles; never a secret. */
export type AuditDetail = Record<string, string | number | boolean | null>;

/**
 * The entries the running dashboard action declared (lib/auth/dashboard-action.ts). An entry it
 * did not declare is a mistake in the code, refused before anything is written, so the
 * declaration beside the action's permission stays the truth.
 */
const declaredScope = new AsyncLocalStorage<readonly AuditAction[]>();

export function withDeclaredAudit<T>(declared: readonly AuditAction[], run: () => T): T {
  return declaredScope.run(declared, run);
}

/** Records one event; `actor` null for the system (Stripe, a scheduled plan change, the admin command). */
export async function recordAudit(
  workspaceId: string,
  actor: AuditActor | null,
  action: AuditAction,
  target?: string | null,
  detail?: AuditDetail,
  writer?: Writer,
): Promise<void> {
  // A system entry (a due plan change applied while the action ran) is not the action's own.
  const declared = actor ? declaredScope.getStore() : undefined;
  if (declared && !declared.includes(action))
    throw new Error(`This action records "${action}" but declares ${declared.join(", ") || "no audit entry"}.`);
  const db = writer ?? (await getDb());
  await db.auditEvent.create({
    data: {
      workspaceId,
      actorId: actor?.id ?? null,
      actorLabel: actor ? (actor.email ?? actor.name ?? actor.id) : null,
      action,
      target: target ?? null,
      detail: detail ?? undefined,
    },
  });
  pruneAuditSoon();
}

const PRUNE = Symbol.for("glance.audit.prune");
const shared = globalThis as { [PRUNE]?: { lastRun: number; running?: Promise<void> } };
const state = (shared[PRUNE] ??= { lastRun: 0 });

function pruneAuditSoon(now = Date.now()): void {
  if (state.running || now - state.lastRun < PRUNE_INTERVAL_MS) return;
  state.lastRun = now;
  state.running = pruneAudit(new Date(now))
    .then(() => undefined)
    .catch((error: unknown) => log.warn("could not prune the audit log", { error }))
    .finally(() => (state.running = undefined));
}

/** Deletes up to PRUNE_BATCH events older than the retention; returns how many. */
export async function pruneAudit(now = new Date()): Promise<number> {
  const db = await getDb();
  const cutoff = new Date(now.getTime() - AUDIT_RETENTION_DAYS * DAY_MS);
  const old = await db.auditEvent.findMany({
    where: { createdAt: { lt: cutoff } },
    select: { id: true },
    take: PRUNE_BATCH,
  });
  if (old.length === 0) return 0;
  const { count } = await db.auditEvent.deleteMany({ where: { id: { in: old.map((o) => o.id) } } });
  return count;
}

/** Actions whose target is a person's id, those whose target is a key's id, and a connector's (D42). */
const PERSON_TARGETS = new Set<string>(["member.role_changed", "member.removed", "ownership.transferred"]);
const KEY_TARGETS = new Set<string>([
  "key.created",
  "key.renamed",
  "key.revoked",
  "key.kept",
  "key.rolled",
  "key.limits_changed",
  "signing_secret.rolled",
]);
const CONNECTOR_TARGETS = new Set<string>(["connector.created", "connector.revoked", "connector.connected"]);
/**
 * Detail fields that hold a person's id (the member whose keys a removal or role change ended) and
 * those that hold key ids, comma-separated (the keys kept after a downgrade): shown by name too.
 */
const PERSON_DETAILS = ["member", "formerMaker"] as const;
const KEY_LIST_DETAILS = ["kept", "paused", "resumed"] as const;

function detailIds(detail: unknown, fields: readonly string[]): string[] {
  if (detail === null || typeof detail !== "object") return [];
  const record = detail as Record<string, unknown>;
  return fields.flatMap((field) => (typeof record[field] === "string" ? (record[field] as string).split(",") : []));
}

/** The detail as the page shows it: ids of people and keys replaced by their names where known. */
function namedDetail(detail: unknown, names: Map<string, string>): Record<string, unknown> | null {
  if (detail === null || typeof detail !== "object") return null;
  const named: Record<string, unknown> = { ...(detail as Record<string, unknown>) };
  for (const field of [...PERSON_DETAILS, ...KEY_LIST_DETAILS]) {
    const value = named[field];
    if (typeof value === "string")
      named[field] = value
        .split(",")
        .map((id) => names.get(id) ?? id)
        .join(", ");
  }
  return named;
}

/**
 * What the audit page shows for the ids events name (#51): a person by name and address, a key by
 * its name and masked form — as an entry's target and in its detail. Keys are looked up in this workspace only; a person who has since
 * deleted their account keeps the id.
 */
async function targetNames(
  workspaceId: string,
  rows: ReadonlyArray<{ action: string; target: string | null; detail: unknown }>,
): Promise<Map<string, string>> {
  const people = new Set<string>();
  const keys = new Set<string>();
  const connectors = new Set<string>();
  for (const r of rows) {
    for (const id of detailIds(r.detail, PERSON_DETAILS)) people.add(id);
    for (const id of detailIds(r.detail, KEY_LIST_DETAILS)) keys.add(id);
    if (r.target === null) continue;
    if (PERSON_TARGETS.has(r.action)) people.add(r.target);
    else if (KEY_TARGETS.has(r.action)) keys.add(r.target);
    else if (CONNECTOR_TARGETS.has(r.action)) connectors.add(r.target);
  }
  const db = await getDb();
  const [users, apiKeys, connectorRows] = await Promise.all([
    people.size === 0
      ? []
      : db.user.findMany({ where: { id: { in: [...people] } }, select: { id: true, name: true, email: true } }),
    keys.size === 0
      ? []
      : db.apiKey.findMany({
          where: { id: { in: [...keys] }, userId: workspaceId },
          select: { id: true, name: true, display: true },
        }),
    connectors.size === 0
      ? []
      : db.connector.findMany({
          where: { id: { in: [...connectors] }, userId: workspaceId },
          select: { id: true, name: true, display: true },
        }),
  ]);
  const names = new Map<string, string>();
  for (const u of users) {
    const label = u.name && u.email ? `${u.name} (${u.email})` : (u.email ?? u.name);
    if (label) names.set(u.id, label);
  }
  for (const k of apiKeys) names.set(k.id, `key "${k.name}" (${k.display})`);
  for (const c of connectorRows) names.set(c.id, `connector "${c.name}" (${c.display})`);
  return names;
}

/** The newest events of the workspace within the retention, newest first. */
export async function listAudit(workspaceId: string, limit = 200, now = new Date()): Promise<AuditEntry[]> {
  const db = await getDb();
  const rows = await db.auditEvent.findMany({
    where: { workspaceId, createdAt: { gte: new Date(now.getTime() - AUDIT_RETENTION_DAYS * DAY_MS) } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
  });
  const names = await targetNames(workspaceId, rows);
  return rows.flatMap((r) =>
    r.action in AUDIT_ACTIONS
      ? [
          {
            id: r.id.toString(),
            at: r.createdAt,
            actor: r.actorLabel ?? "Glance",
            action: r.action as AuditAction,
            text: AUDIT_ACTIONS[r.action as AuditAction],
            target: r.target === null ? null : (names.get(r.target) ?? r.target),
            detail: namedDetail(r.detail, names),
          },
        ]
      : [],
  );
}
