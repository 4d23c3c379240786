/**
 * The dashboard's download of a crawl's pages (D32) through its real route: the signed link the
 * Crawls page shows opens the crawl's JSON lines without a session — from curl, another machine, a
 * new tab — until it expires; an expired link says so; a link whose signature was altered, or moved
 * to another crawl's path, is 404 crawl_not_found like an unknown id; without a link the session's
 * same-origin check still applies (401 without one).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createTestAccount, problemOf, type TestAccount } from "@/tests/support/api";
import { testEnvironment } from "@/tests/support/test-env";

testEnvironment();

let owner: TestAccount;
let crawlId: string;
let otherCrawlId: string;
let route: typeof import("@/app/(dashboard)/dashboard/crawls/[id]/pages.jsonl/route");
let links: typeof import("@/lib/crawl/download-link");

/** A crawl of `account` whose one page ended with `title` (no render: the rows as a run leaves them). */
async function endedCrawl(account: TestAccount, title: string): Promise<string> {
  const { insertCrawl } = await import("@/lib/crawl/store");
  const { getPool } = await import("@/lib/db/pool");
  const { crawl } = await insertCrawl(
    { userId: account.userId, apiKeyId: account.apiKeyId },
    {
      url: "https://docs.example.test/",
      key: "docs.example.test/",
      options: {
        depth: 0,
        sitemap: "skip",
        subdomains: false,
        ignoreQueryParameters: false,
        page: {},
        limitSource: "request",
        formats: ["markdown"],
      },
      pageSecrets: null,
      pageLimit: 1,
    },
  );
  const { recordPageEnd } = await import("@/lib/crawl/page-order");
  const { inTransaction } = await import("@/lib/db/pool");
  const [page] = (
    await (
      await getPool()
    ).query<{ seq: string; crawl_id: string }>(`SELECT seq, crawl_id FROM crawl_pages WHERE crawl_id = $1`, [crawl.id])
  ).rows;
  await inTransaction((client) => recordPageEnd(client, page, "completed", { title, markdown: `# ${title}` }, null));
  return crawl.id;
}

beforeAll(async () => {
  owner = await createTestAccount({ plan: "business" });
  crawlId = await endedCrawl(owner, "Owned");
  otherCrawlId = await endedCrawl(await createTestAccount({ plan: "business" }), "Someone else's");
  route = await import("@/app/(dashboard)/dashboard/crawls/[id]/pages.jsonl/route");
  links = await import("@/lib/crawl/download-link");
});

/** The route as a request with no cookie and no Origin would reach it (curl, a download manager). */
const get = (pathAndQuery: string, id: string) =>
  route.GET(new Request(`http://localhost:3000${pathAndQuery}`), { params: Promise.resolve({ id }) });

describe("the Crawls page's download link", () => {
  it("opens the crawl's pages without a session until it expires", async () => {
    const link = await links.downloadLink(crawlId, owner.userId);
    expect(link).toMatch(new RegExp(`^/dashboard/crawls/${crawlId}/pages\\.jsonl\\?expires=\\d+&sig=[\\w-]+$`));
    const response = await get(link, crawlId);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${crawlId}.jsonl"`);
    const lines = (await response.text()).trim().split("\n");
    expect(lines.map((line) => JSON.parse(line) as { title: string })).toMatchObject([{ title: "Owned" }]);

    const old = await links.downloadLink(crawlId, owner.userId, Date.now() - (links.DOWNLOAD_LINK_SECONDS + 5) * 1000);
    const expired = await get(old, crawlId);
    expect(expired.status).toBe(403);
    expect((await problemOf(expired)).code).toBe("signature_expired");
  });

  it("opens nothing else: an altered signature, another crawl's path, no link at all", async () => {
    const link = await links.downloadLink(crawlId, owner.userId);
    const query = new URL(link, "http://localhost:3000").searchParams;
    const sig = query.get("sig")!;
    const altered = new URLSearchParams({
      expires: query.get("expires")!,
      sig: `${sig[0] === "A" ? "B" : "A"}${sig.slice(1)}`,
    });
    const later = new URLSearchParams({ expires: String(Number(query.get("expires")) + 3600), sig });
    for (const [path, id] of [
      [`/dashboard/crawls/${crawlId}/pages.jsonl?${altered}`, crawlId],
      [`/dashboard/crawls/${crawlId}/pages.jsonl?${later}`, crawlId],
      [`/dashboard/crawls/${otherCrawlId}/pages.jsonl?${query}`, otherCrawlId],
      [`/dashboard/crawls/crawl_${"x".repeat(24)}/pages.jsonl?${query}`, `crawl_${"x".repeat(24)}`],
    ]) {
      const response = await get(path, id);
      expect(response.status, path).toBe(404);
      expect((await problemOf(response)).code).toBe("crawl_not_found");
    }
    const unsigned = await get(`/dashboard/crawls/${crawlId}/pages.jsonl`, crawlId);
    expect(unsigned.status).toBe(401);
  });
});
