/**
 * Refreshes the filter lists shipped in this folder from AdGuard's npm package (which is rebuilt
 * from the upstream lists daily). Run it from the repository root, review the diff, commit:
 *
 *   npx tsx lib/page/filters/update.ts            # newest version
 *   npx tsx lib/page/filters/update.ts 3.3.20260320140136
 *
 * Nothing is fetched at run time: the service only reads the committed .txt files.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type DnrRule, dnrRulesetToFilters } from "./dnr";
import { FILTER_LISTS } from "./lists";

const PACKAGE = "@adguard/dnr-rulesets";

function main() {
  const version = process.argv[2] ?? "latest";
  const work = mkdtempSync(path.join(os.tmpdir(), "glance-filters-"));
  try {
    const packed = execFileSync("npm", ["pack", `${PACKAGE}@${version}`, "--silent", "--pack-destination", work], {
      encoding: "utf8",
    })
      .trim()
      .split("\n")
      .pop()!;
    const member = (id: number) => `package/dist/filters/declarative/ruleset_${id}/ruleset_${id}.json`;
    const lists = Object.values(FILTER_LISTS);
    execFileSync("tar", [
      "-xzf",
      path.join(work, packed),
      "-C",
      work,
      "package/package.json",
      ...lists.map((l) => member(l.rulesetId)),
    ]);
    const resolved = (JSON.parse(readFileSync(path.join(work, "package/package.json"), "utf8")) as { version: string })
      .version;

    for (const list of lists) {
      const rules = JSON.parse(readFileSync(path.join(work, member(list.rulesetId)), "utf8")) as DnrRule[];
      const { text, kept, skipped } = dnrRulesetToFilters(rules);
      const header = [
        `! Title: ${list.title} (network rules)`,
        `! Source: ${PACKAGE}@${resolved}, ruleset ${list.rulesetId}, converted by lib/page/filters/update.ts`,
        `! License: ${list.license}`,
        `! Filters: ${kept} (${skipped} rules without an Adblock-syntax equivalent left out)`,
      ].join("\n");
      const file = path.join(path.dirname(new URL(import.meta.url).pathname), list.file);
      writeFileSync(file, `${header}\n${text}\n`);
      console.log(`${list.file}: ${kept} filters from ${PACKAGE}@${resolved}`);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main();
