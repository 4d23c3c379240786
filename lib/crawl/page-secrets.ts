/**
 * A crawl's secret page options (D41: the customer's proxy): sealed under the account's id on the
 * crawl's row (`page_secrets`, lib/secrets/sealed.ts), apart from the plain options that are shown
 * and kept in clear, and joined back when each page renders.
 */
import "server-only";
import { seal, unseal } from "@/lib/secrets/sealed";
import { SECRET_PAGE_OPTIONS } from "./params";
import type { CrawlRow } from "./store";

const SEALED_PURPOSE = "glance-crawl-page-secrets-v1";

/** The page options as stored: the plain ones, and the secret ones sealed (null when there are none). */
export async function sealPageOptions(
  page: Record<string, string>,
  userId: string,
): Promise<{ page: Record<string, string>; pageSecrets: string | null }> {
  const plain: Record<string, string> = {};
  const secret: Record<string, string> = {};
  for (const [name, value] of Object.entries(page)) (SECRET_PAGE_OPTIONS.has(name) ? secret : plain)[name] = value;
  const sealed = Object.keys(secret).length > 0 ? await seal(JSON.stringify(secret), SEALED_PURPOSE, userId) : null;
  return { page: plain, pageSecrets: sealed };
}

/** Every page option of the crawl, the sealed ones opened (a crawl from before sealing has none). */
export async function pageOptionsOf(
  crawl: Pick<CrawlRow, "options" | "page_secrets" | "user_id">,
): Promise<Record<string, string>> {
  if (!crawl.page_secrets) return crawl.options.page;
  const secret = JSON.parse(await unseal(crawl.page_secrets, SEALED_PURPOSE, crawl.user_id)) as Record<string, string>;
  return { ...crawl.options.page, ...secret };
}
