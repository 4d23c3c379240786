/**
 * The dashboard's download of a crawl's pages as a signed, short-lived link (D32). The Crawls page
 * shows `/dashboard/crawls/{id}/pages.jsonl?expires=…&sig=…`: whoever holds it may fetch the pages
 * until `expires` (an hour), without the session cookie — in a new tab, a download manager, curl
 * or a script on another machine — as a customer expects of a "download" link. The signature is an
 * HMAC-SHA256, under a key derived from the server's URL-signing secret for this purpose only, of
 * the crawl's id, its owner and the expiry: it opens that crawl's pages and nothing else, and
 * stops working when it expires or the crawl is deleted with its workspace.
 */
import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { serverKey } from "@/lib/secrets/sealed";

const PURPOSE = "glance crawl download v1";
/** How long a link shown on the page works. */
export const DOWNLOAD_LINK_SECONDS = 3600;

async function mac(crawlId: string, ownerId: string, expires: number): Promise<Buffer> {
  return createHmac("sha256", await serverKey(PURPOSE))
    .update(`${crawlId}\n${ownerId}\n${expires}`, "utf8")
    .digest();
}

/** The download link of `crawlId` (owned by `ownerId`), valid for an hour from `now`. */
export async function downloadLink(crawlId: string, ownerId: string, now = Date.now()): Promise<string> {
  const expires = Math.floor(now / 1000) + DOWNLOAD_LINK_SECONDS;
  const sig = (await mac(crawlId, ownerId, expires)).toString("base64url");
  return `/dashboard/crawls/${crawlId}/pages.jsonl?${new URLSearchParams({ expires: String(expires), sig })}`;
}

/** What a link's query says: no signature, a valid one, or one that is wrong or past its expiry. */
type LinkCheck = "unsigned" | "valid" | "invalid" | "expired";

export async function checkDownloadLink(
  crawl: { id: string; user_id: string },
  query: URLSearchParams,
  now = Date.now(),
): Promise<LinkCheck> {
  const sig = query.get("sig");
  const expiresText = query.get("expires");
  if (sig === null && expiresText === null) return "unsigned";
  const expires = Number(expiresText);
  if (!sig || !Number.isSafeInteger(expires)) return "invalid";
  const expected = await mac(crawl.id, crawl.user_id, expires);
  const given = Buffer.from(sig, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "invalid";
  return expires * 1000 <= now ? "expired" : "valid";
}
