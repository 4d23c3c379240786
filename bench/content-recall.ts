/**
 * npm run bench:content-recall — how much of each real page's main text the Markdown keeps
 * (issue 51, D24): documentation pages that Debian packages ship (DocBook, Publican in several
 * scripts, Sphinx, AsciiDoc, Texinfo; installed by the bench, served on loopback) read by
 * GET /v1/content?formats=markdown through the real route handler, once with the default
 * onlyMainContent=true. Recall is tests/support/main-text.ts's: the words of the container the
 * page's markup names as main, found in the Markdown. Target: ≥ 0.97 on every page. The
 * tables of the Markdown are checked too (every row as many cells as its header).
 * `--quick`: printed, not recorded.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { rerunUnderReactServer } from "./support/react-server";
import { replaceSection } from "./support/results-file";

const HERE = path.dirname(fileURLToPath(import.meta.url));
rerunUnderReactServer(import.meta.url);

const QUICK = process.argv.includes("--quick");
const TARGET = 0.97;

async function main() {
  const { RECALL_PAGES, MORE_RECALL_PAGES, debianDocFile, ensureDebianDocs, serveDebianDocs } =
    await import("@/tests/support/debian-docs");
  const { mainTextOf, recallOf } = await import("@/tests/support/main-text");
  const { irregularTableRows } = await import("@/tests/support/gfm-tables");
  ensureDebianDocs();
  const docs = await serveDebianDocs();
  const { useTestEnv } = await import("@/tests/support/env");
  const env = await useTestEnv({
    database: "postgres",
    extra: { ALLOW_PRIVATE_ORIGINS: docs.origin, BROWSER_CONCURRENCY: "1", LOG_LEVEL: "silent" },
  });
  const { createTestAccount, apiRequest } = await import("@/tests/support/api");
  const { GET } = await import("@/app/v1/content/route");
  const { shutdownBrowsers } = await import("@/lib/browser");
  const account = await createTestAccount({ plan: "business" });

  const rows: string[] = [];
  let worst = 1;
  for (const [name, pagePath] of Object.entries({ ...RECALL_PAGES, ...MORE_RECALL_PAGES })) {
    const query = new URLSearchParams({ url: docs.url(pagePath), formats: "markdown", timeout: "60000" });
    const response = await GET(apiRequest(`/v1/content?${query}`, { apiKey: account.apiKey }));
    const body = (await response.json()) as { markdown?: string; contentSource?: string };
    if (response.status !== 200 || body.markdown === undefined)
      throw new Error(`${name}: content answered ${response.status}`);
    const main = mainTextOf(readFileSync(debianDocFile(pagePath)!, "utf8"));
    const { recall, mainWords, missing } = recallOf(main.text, body.markdown);
    const badTables = irregularTableRows(body.markdown).length;
    worst = Math.min(worst, recall);
    const line = `| ${name} | \`${pagePath.replace(/^\/doc\//, "")}\` | ${main.by} | ${mainWords} | ${body.contentSource} | **${recall.toFixed(3)}** | ${badTables} |`;
    console.log(line, recall < 1 ? `missing most: ${missing.slice(0, 10).join(" ")}` : "");
    rows.push(line);
  }
  await shutdownBrowsers();
  await docs.close();
  await env.cleanup();

  const stamp = `Last run: ${new Date().toISOString().replace(/\.\d+Z$/, "Z")}, \`npm run bench:content-recall\`: each page once through GET /v1/content (formats=markdown, onlyMainContent=true). Main container: how the page's markup names it (\`main\`: \`<main>\` or \`role=main\`; else the generator its \`<meta name="generator">\` declares, by the containers that generator writes its content in). Recall: the share of the main text's words (NFKC, lower case; letters, marks and digits; one word per Han or kana character) found in the Markdown's text, counted with repeats (D24). Irregular table rows: GFM table rows whose cell count differs from their header's.`;
  const table = [
    "| page | file under /usr/share/doc | main container | words in the main text | contentSource | recall | irregular table rows |",
    "|---|---|---|---|---|---|---|",
    ...rows,
  ];
  const verdict = `Target: recall ≥ ${TARGET} on every page. Lowest: ${worst.toFixed(3)} — ${worst >= TARGET ? "met" : "**not met**"}.`;
  const markdown = [stamp, "", ...table, "", verdict].join("\n");
  console.log(verdict);
  if (!QUICK)
    await replaceSection(path.join(HERE, "RESULTS.md"), "content-recall", markdown, "Main text kept in the Markdown");
  process.exit(worst >= TARGET ? 0 : 1);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
