/**
 * The folder rules `npm run lint` keeps are read from ARCHITECTURE.md's table (D31): these check
 * the reading — rows, paths, the "never" clause, raw SQL, and that a path naming nothing is an
 * error rather than a rule that silently allows nothing — and that the table points only downward
 * (#49, D34).
 */
import { describe, expect, it } from "vitest";
// @ts-expect-error -- a plain ES module config, read by dependency-cruiser; no types of its own
import config, { folderRules, importLoops } from "@/.dependency-cruiser.mjs";

type Rule = { who: string[]; from: string[]; to: string[]; targets: string[]; rawSql: boolean };
const table = (...rows: string[]) =>
  folderRules(
    `## Folders and what each may import\n\n| Folder | Holds | May import |\n|---|---|---|\n${rows.join("\n")}\n`,
  );
const rules = folderRules() as Rule[];
const row = (who: string) => rules.find((r) => r.who.includes(who))!;
const allows = (from: string, to: string) =>
  rules.some((r) => r.from.some((f) => new RegExp(f).test(from)) && r.to.some((t) => new RegExp(t).test(to)));

describe("the folder table as dependency-cruiser reads it", () => {
  it("has a row for every lib folder's files, read as path patterns", () => {
    expect(row("lib/api/").from).toEqual(["^lib/api/"]);
    expect(row("lib/env.ts").from).toContain("^lib/env\\.ts$");
    expect(row("components/<feature>/").from).toEqual(["^components/[^/]+/"]);
    expect(allows("lib/api/auth.ts", "lib/accounts/plan-change.ts")).toBe(true);
    expect(allows("lib/api/auth.ts", "lib/billing/webhook.ts")).toBe(false);
    expect(allows("lib/og/render.ts", "lib/db/index.ts")).toBe(false);
    expect(allows("lib/og/account/brand.ts", "lib/db/index.ts")).toBe(true);
    expect(allows("tests/unit/x.test.ts", "lib/db/pool.ts")).toBe(true);
  });

  it("reads what follows 'never' as prose, not as an allowance", () => {
    const [parsed] = folderRules(
      "## Folders and what each may import\n\n| Folder | Holds | May import |\n|---|---|---|\n| `lib/api/` | x | `lib/env.ts`; never `lib/og/` |\n",
    ) as Rule[];
    expect(parsed.to).toEqual(["^lib/env\\.ts$"]);
  });

  it("refuses a table that names a path that does not exist", () => {
    expect(() =>
      folderRules(
        "## Folders and what each may import\n\n| Folder | Holds | May import |\n|---|---|---|\n| `lib/api/` | x | `lib/nowhere/` |\n",
      ),
    ).toThrow(/lib\/nowhere/);
  });

  it("gives raw SQL only to the rows that name lib/db/pool.ts", () => {
    const users = rules.filter((r) => r.rawSql).flatMap((r) => r.who);
    expect(users.sort()).toEqual([
      // Stripe's session meter (D39): the unreported session rows locked FOR UPDATE SKIP LOCKED while their events are sent.
      "lib/billing/",
      // A crawl's pages (D32): added under the crawl's row lock with ON CONFLICT, ended by conditional updates, keyset pages.
      "lib/crawl/",
      "lib/diff/",
      "lib/jobs/",
      "lib/keys/",
      // The MCP OAuth tokens (D25): a code consumed by the statement that reads it, tokens rotated by a conditional update, the per-request token lookup.
      "lib/mcp/",
      "lib/monitors/",
      // Live browser sessions (D39): a connect token consumed by the statement that checks it, a heartbeat per live session.
      "lib/sessions/",
      "lib/usage/",
      "lib/webhooks/",
    ]);
    const forbidden = (config as { forbidden: Array<{ name: string; from: { pathNot: string[] } }> }).forbidden;
    const rawSql = forbidden.find((rule) => rule.name === "raw-sql-where-the-table-says")!;
    expect(rawSql.from.pathNot).toEqual(expect.arrayContaining(["^lib/jobs/", "^lib/db/"]));
    expect(rawSql.from.pathNot).not.toContain("^lib/storage/");
  });

  it("refuses lib/ rows that may import each other, directly or round a loop (#49, D34)", () => {
    expect(importLoops(rules)).toEqual([]);
    // A file inside a folder is the folder's: a way back to it is a loop.
    expect(
      importLoops(table("| `lib/api/` | x | `lib/usage/record.ts` |", "| `lib/usage/` | x | `lib/api/` |")),
    ).toEqual(["lib/api/ → lib/usage/ → lib/api/"]);
    expect(
      importLoops(
        table(
          "| `lib/api/` | x | `lib/keys/` |",
          "| `lib/keys/` | x | `lib/auth/` |",
          "| `lib/auth/` | x | `lib/api/`, `lib/db/` |",
          "| `lib/db/` | x | `lib/env.ts` |",
        ),
      ),
    ).toEqual(["lib/api/ → lib/keys/ → lib/auth/ → lib/api/"]);
    // Downward only, a row's own folder, and start-up's `lib/` are no way back.
    expect(
      importLoops(
        table(
          "| `lib/api/` | x | `lib/usage/record.ts`, `lib/api/` |",
          "| `lib/usage/` | x | `lib/db/` |",
          "| `lib/bootstrap.ts` | x | `lib/` |",
        ),
      ),
    ).toEqual([]);
  });

  it("puts a sub-folder with its own row above its folder, which may not import it", () => {
    expect(allows("lib/usage/endpoint/endpoint.ts", "lib/api/context.ts")).toBe(true);
    expect(allows("lib/usage/record.ts", "lib/api/context.ts")).toBe(false);
    expect(allows("lib/api/pipeline.ts", "lib/usage/endpoint/endpoint.ts")).toBe(false);
    const forbidden = (config as { forbidden: Array<{ name: string; from: { path: string }; to: { path: string } }> })
      .forbidden;
    const above = forbidden.filter((rule) => rule.name === "sub-folder-above-its-folder");
    expect(above.map((rule) => [rule.from.path, rule.to.path])).toEqual(
      expect.arrayContaining([["^lib/usage/", "^lib/usage/endpoint/"]]),
    );
    // lib/og/ names its account templates' folder, so it is below them and may import them.
    expect(above.map((rule) => rule.to.path)).not.toContain("^lib/og/account/");
  });
});
