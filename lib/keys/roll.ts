/**
 * Rolling an API key (D5, D28, issue 43): a new secret for the same key row — its id, name,
 * public id and signing secret, restrictions, maker and usage history stay — shown once, like at
 * creation. Only the hash is stored, and every request looks its key up by hash with nothing
 * cached (lib/keys/owner-lookup.ts), so the old plaintext is refused from the next request on,
 * on every instance. For a key a removed member knew, kept for the workspace.
 */
import "server-only";
import { getDb } from "@/lib/db";
import { displayApiKey, generateApiKey, hashApiKey } from "./format";

export interface RolledKey {
  id: string;
  name: string;
  /** The new plaintext: returned here only, never stored. */
  key: string;
  display: string;
}

/** Which key to roll: the workspace's own key by id (the dashboard), or any key by id or plaintext (the operator). */
type KeyToRoll = { userId: string; keyId: string } | { operator: true; keyId?: string; plaintext?: string };

/**
 * A new secret for an active key (a paused one too: it keeps its place, D18). Null when no such
 * active key exists — another workspace's id is answered like one nobody has.
 */
export async function rollApiKey(which: KeyToRoll): Promise<RolledKey | null> {
  const where =
    "userId" in which
      ? { id: which.keyId, userId: which.userId }
      : which.plaintext !== undefined
        ? { hash: hashApiKey(which.plaintext) }
        : { id: which.keyId };
  const key = generateApiKey();
  const db = await getDb();
  const rows = await db.apiKey.updateManyAndReturn({
    where: { ...where, revokedAt: null },
    data: { hash: hashApiKey(key), display: displayApiKey(key) },
    select: { id: true, name: true, display: true },
  });
  return rows[0] ? { ...rows[0], key } : null;
}
