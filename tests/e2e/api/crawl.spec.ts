/**
 * Issue 44 (D32) through the production server: on Flask's Sphinx documentation as Debian ships it
 * (served by the harness's fixtures origin under /doc/, an allowed private origin), /v1/map lists
 * the site's pages without rendering; a crawl keeps to depth and limit, is read to its end a page
 * at a time with `next` and as JSON lines, and charges one render per page in /v1/usage; another
 * crawl is cancelled; another workspace's crawl is 404 crawl_not_found. The dashboard's Crawls page
 * shows the signed-in workspace its crawl and pages and downloads pages.jsonl (its signed link works
 * without the session too); another workspace's
 * crawl is not found there either.
 */
import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { ensureDebianDocs } from "../../support/debian-docs";
import { apiGet, createKeyInDashboard, e2e, setPlan, signInByEmail, uniqueEmail } from "../support";
import { accountWithKey } from "./mcp-support";
import type { CrawlResults as Crawl } from "@/lib/crawl/openapi";

test.describe.configure({ mode: "serial", timeout: 120_000 });

const ROOT = "/doc/python-flask-doc/html/";
const site = (page: string) => `${e2e.fixturesUrl}${ROOT}${page}`;

let page: Page;
let apiKey: string;
let otherKey: string;
let crawlId: string;

test.beforeAll(async ({ browser }) => {
  ensureDebianDocs(["python-flask-doc"]);
  ({ apiKey: otherKey } = await accountWithKey("business"));
  page = await browser.newPage();
  const email = uniqueEmail("crawls");
  await signInByEmail(page, email);
  await setPlan(email, "business");
  apiKey = await createKeyInDashboard(page, "crawls");
});

test.afterAll(() => page?.close());

function startCrawl(key: string, body: Record<string, unknown>): Promise<Response> {
  return fetch(`${e2e.appUrl}/v1/crawl`, {
    method: "POST",
    headers: { "X-API-Key": key, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

async function crawlOf(id: string, query = ""): Promise<Crawl> {
  const response = await apiGet(`/v1/crawl/${id}${query}`, apiKey);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Crawl;
}

const rendersUsed = async (key: string) =>
  ((await (await apiGet("/v1/usage", key)).json()) as { renders: { used: number } }).renders.used;

test("maps the site without rendering it", async () => {
  const before = await rendersUsed(apiKey);
  const response = await apiGet(`/v1/map?${new URLSearchParams({ url: site("index.html"), depth: "1" })}`, apiKey);
  expect(response.status, await response.clone().text()).toBe(200);
  const { urls } = (await response.json()) as { urls: string[] };
  const paths = urls.map((url) => new URL(url).pathname);
  for (const page of ["index.html", "quickstart.html", "tutorial/index.html", "api.html"])
    expect(paths).toContain(`${ROOT}${page}`);
  expect(urls.every((url) => new URL(url).origin === e2e.fixturesUrl)).toBe(true);
  expect(await rendersUsed(apiKey)).toBe(before);
});

test("crawls to depth within limit, read with next and as JSON lines, one render charged per page", async () => {
  const before = await rendersUsed(apiKey);
  const started = await startCrawl(apiKey, { url: site("index.html"), depth: 1, limit: 4, sitemap: "skip" });
  expect(started.status, await started.clone().text()).toBe(202);
  crawlId = ((await started.json()) as Crawl).id;

  await expect.poll(async () => (await crawlOf(crawlId)).status, { timeout: 90_000 }).toBe("completed");
  const crawl = await crawlOf(crawlId);
  expect(crawl).toMatchObject({ stopReason: "limit", total: 4, completed: 4, failed: 0 });

  const pages: Array<Record<string, unknown>> = [];
  let next: string | undefined = "?size=3";
  while (next) {
    const body = await crawlOf(crawlId, next.slice(next.indexOf("?")));
    pages.push(...body.pages);
    next = body.next;
  }
  expect(pages).toHaveLength(4);
  expect(new URL(pages[0].url as string).pathname).toBe(`${ROOT}index.html`);
  expect(new Set(pages.map((page) => page.url)).size).toBe(4);
  for (const page of pages) {
    expect(page).toMatchObject({ status: "completed" });
    expect(page.depth).toBeLessThanOrEqual(1);
    expect(typeof page.title).toBe("string");
    expect((page.markdown as string).length).toBeGreaterThan(200);
  }

  const jsonl = await apiGet(`/v1/crawl/${crawlId}/pages.jsonl`, apiKey);
  expect(jsonl.status).toBe(200);
  const lines = (await jsonl.text())
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(lines.map((line) => line.url)).toEqual(pages.map((page) => page.url));

  expect(await rendersUsed(apiKey)).toBe(before + 4);
});

test("cancels another crawl", async () => {
  const started = await startCrawl(apiKey, { url: site("index.html"), depth: 2, limit: 60, sitemap: "skip" });
  expect(started.status).toBe(202);
  const { id } = (await started.json()) as Crawl;
  const cancelled = await fetch(`${e2e.appUrl}/v1/crawl/${id}`, { method: "DELETE", headers: { "X-API-Key": apiKey } });
  expect(cancelled.status).toBe(200);
  expect(((await cancelled.json()) as Crawl).status).toBe("cancelled");
  const after = await crawlOf(id);
  expect(after).toMatchObject({ status: "cancelled" });
  expect(after.completed).toBeLessThan(60);
});

test("another workspace's crawl is not found", async () => {
  for (const response of [
    await apiGet(`/v1/crawl/${crawlId}`, otherKey),
    await apiGet(`/v1/crawl/${crawlId}/pages.jsonl`, otherKey),
    await fetch(`${e2e.appUrl}/v1/crawl/${crawlId}`, { method: "DELETE", headers: { "X-API-Key": otherKey } }),
  ]) {
    expect(response.status).toBe(404);
    expect(((await response.json()) as { code: string }).code).toBe("crawl_not_found");
  }
});

test("the dashboard's Crawls page shows the workspace its crawl, its pages and pages.jsonl", async () => {
  await page.goto("/dashboard");
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Crawls" }).click();
  await expect(page).toHaveURL(/\/dashboard\/crawls$/);
  const row = page.getByTestId("crawl").filter({ has: page.locator(`a[href="/dashboard/crawls/${crawlId}"]`) });
  await expect(row.getByTestId("crawl-status")).toHaveText("completed (limit)");
  await expect(row.getByTestId("crawl-progress")).toHaveText("4 done · 0 failed · 4 found");
  await expect(page.getByTestId("crawl")).toHaveCount(2); // and the cancelled one

  await row.getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/crawls/${crawlId}$`));
  const rows = page.getByTestId("crawl-page");
  await expect(rows).toHaveCount(4);
  await expect(rows.first()).toContainText(`${ROOT}index.html`);
  await expect(rows.first()).toContainText("completed");
  await expect(rows.first().locator("td").nth(2)).not.toBeEmpty();

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download pages.jsonl" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${crawlId}.jsonl`);
  const lines = (await readFile((await download.path())!, "utf8")).trim().split("\n");
  const urls = ((await (await apiGet(`/v1/crawl/${crawlId}`, apiKey)).json()) as Crawl).pages.map((p) => p.url);
  expect(lines.map((line) => (JSON.parse(line) as { url: string }).url)).toEqual(urls);

  // The link is signed and short-lived: it works without the session, as curl or another machine uses it.
  const href = await page.getByTestId("crawl-download").getAttribute("href");
  expect(href).toMatch(new RegExp(`^/dashboard/crawls/${crawlId}/pages\\.jsonl\\?expires=\\d+&sig=`));
  const outside = await fetch(`${e2e.appUrl}${href}`);
  expect(outside.status).toBe(200);
  const outsideLines = (await outside.text()).trim().split("\n");
  expect(outsideLines.map((line) => (JSON.parse(line) as { url: string }).url)).toEqual(urls);
  expect((await fetch(`${e2e.appUrl}/dashboard/crawls/${crawlId}/pages.jsonl`)).status).toBe(401);
});

test("another workspace's crawl is not found on the dashboard", async () => {
  const started = await startCrawl(otherKey, { url: site("index.html"), depth: 0, limit: 1, sitemap: "skip" });
  expect(started.status).toBe(202);
  const { id } = (await started.json()) as Crawl;
  await page.goto(`/dashboard/crawls/${id}`);
  await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
  await page.goto("/dashboard/crawls");
  await expect(page.locator(`a[href="/dashboard/crawls/${id}"]`)).toHaveCount(0);
  const download = await page.request.get(`/dashboard/crawls/${id}/pages.jsonl`, {
    headers: { origin: e2e.appUrl },
  });
  expect(download.status()).toBe(404);
  expect(((await download.json()) as { code: string }).code).toBe("crawl_not_found");
  // The same request for the workspace's own crawl answers: the 404 above is the owner check.
  const own = await page.request.get(`/dashboard/crawls/${crawlId}/pages.jsonl`, { headers: { origin: e2e.appUrl } });
  expect(own.status()).toBe(200);
});

test("the docs playground maps the site, and starts a crawl whose pages appear as they end", async () => {
  await page.goto("/docs/crawl");
  const map = page.getByTestId("playground-map");
  // Session-dependent UI appears after hydration and /api/auth/session: slow on a loaded machine.
  await expect(map.getByTestId("auth-mode-session")).toBeChecked({ timeout: 30_000 });
  await map.locator("[data-param=url]").fill(site("index.html"));
  await map.getByTestId("render").click();
  await expect(map.getByTestId("response-status")).toHaveText("200", { timeout: 60_000 });
  await expect(map.getByTestId("result-json")).toContainText(`${ROOT}quickstart.html`);

  const crawl = page.getByTestId("playground-crawl");
  await expect(crawl.getByTestId("auth-mode-session")).toBeChecked();
  await expect(crawl.getByTestId("auth-mode-signed")).toHaveCount(0); // a crawl is a POST: no signed URL
  await crawl.locator("[data-param=url]").fill(site("index.html"));
  await crawl.locator("[data-param=limit]").fill("3");
  await crawl.locator("[data-param=sitemap]").selectOption("skip");
  await expect(crawl.getByTestId("crawl-snippet")).toContainText(`"limit":3`);
  const sent = page.waitForRequest((r) => r.url().endsWith("/api/playground/crawl") && r.method() === "POST");
  await crawl.getByTestId("crawl-start").click();
  expect(JSON.parse((await sent).postData() ?? "{}")).toEqual({
    url: site("index.html"),
    limit: 3,
    depth: 1,
    sitemap: "skip",
  });
  await expect(crawl.getByTestId("crawl-status")).toHaveText("completed (limit)", { timeout: 90_000 });
  await expect(crawl.getByTestId("crawl-counts")).toHaveText("3 done · 0 failed · 3 found");
  await expect(crawl.getByTestId("crawl-page")).toHaveCount(3);
  await expect(crawl.getByTestId("crawl-page").first()).toContainText(`${ROOT}index.html`);
});
