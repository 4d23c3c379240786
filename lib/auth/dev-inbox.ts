/**
 * The local inbox (D12): with no SMTP server configured and a localhost APP_URL, sign-in e-mails
 * (and notices: quota and monitor alerts) are kept in DATA_DIR/dev-inbox.json and shown on /dev/inbox. A file rather than process memory,
 * so the page sees what the sign-in action stored whatever bundle or worker handled either, and
 * a restart keeps links that are still valid. Nothing is stored when the inbox is disabled.
 */
import "server-only";
import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { env } from "@/lib/env";

export interface DevInboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  url: string;
  /** The button's words on /dev/inbox ("Open the monitor", "Open the invitation to …"); a sign-in link's when absent. */
  linkText?: string;
  createdAt: string;
  expiresAt: string;
}

const KEEP = 50;
let queue: Promise<unknown> = Promise.resolve();

function inboxFile(): string {
  return path.join(env().DATA_DIR, "dev-inbox.json");
}

async function readAll(): Promise<DevInboxMessage[]> {
  try {
    const parsed: unknown = JSON.parse(await readFile(inboxFile(), "utf8"));
    return Array.isArray(parsed) ? (parsed as DevInboxMessage[]) : [];
  } catch {
    return [];
  }
}

/** Newest first, expired links dropped. Empty when the inbox is disabled. */
export async function listDevInbox(now = new Date()): Promise<DevInboxMessage[]> {
  if (!env().devInboxEnabled) return [];
  return (await readAll()).filter((m) => new Date(m.expiresAt) > now).reverse();
}

export async function addToDevInbox(
  message: Omit<DevInboxMessage, "id" | "createdAt">,
  now = new Date(),
): Promise<void> {
  if (!env().devInboxEnabled) throw new Error("the local inbox is disabled");
  // Serialise read-modify-write within the process; the rename makes each write atomic on disk.
  const run = queue.then(async () => {
    const kept = (await readAll()).filter((m) => new Date(m.expiresAt) > now);
    kept.push({ ...message, id: randomUUID(), createdAt: now.toISOString() });
    const file = inboxFile();
    await mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    await writeFile(tmp, JSON.stringify(kept.slice(-KEEP), null, 2), { mode: 0o600 });
    await rename(tmp, file);
  });
  queue = run.catch(() => {});
  return run;
}
