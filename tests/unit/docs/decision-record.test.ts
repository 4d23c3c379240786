/**
 * The decision record lives in the repo (ARCHITECTURE.md): every decision the code cites ("D9",
 * "(D4)", "D1–D5") has a heading there, and every link to `ARCHITECTURE.md#…` names an anchor
 * the file has. A failure names the file and line of the citation that points nowhere.
 */
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { filesUnder } from "@/tests/support/source-files";

const root = path.resolve(__dirname, "../../..");
const record = readFileSync(path.join(root, "ARCHITECTURE.md"), "utf8");

/** The folders whose files may cite a decision, plus the README and the root's own modules. */
const SCANNED_DIRS = ["app", "components", "lib", "scripts", "bench", "tests"];
const SCANNED_ROOT_FILES = ["README.md", "proxy.ts", "instrumentation.ts", "next.config.ts"];
const TEXT_FILE = /\.(ts|tsx|mts|mjs|js|md|sh|css|sql)$/;
const SKIPPED_DIRS = new Set(["node_modules", "out", "filters"]);

/** GitHub's heading anchor: lower case, punctuation other than hyphens dropped, spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .replace(/ /g, "-");
}

const headings = [...record.matchAll(/^#{1,6} +(.+?) *$/gm)].map((m) => m[1]);
const anchors = new Set(headings.map(anchorOf));
const decisionHeadings = headings.filter((h) => /^D\d+ /.test(h));
const decisionsWithHeading = new Set(decisionHeadings.map((h) => Number(/^D(\d+)/.exec(h)![1])));

function scannedFiles(): string[] {
  const files = SCANNED_DIRS.flatMap((dir) => filesUnder(path.join(root, dir), TEXT_FILE, SKIPPED_DIRS));
  for (const name of SCANNED_ROOT_FILES) {
    const full = path.join(root, name);
    if (statSync(full, { throwIfNoEntry: false })?.isFile()) files.push(full);
  }
  return files;
}

interface Citation {
  where: string;
  cited: string;
}

/** "D9", "(D4)", "D1–D5" (both ends): a D and a number standing as a word of their own. */
const DECISION_CITATION = /(?<![\p{L}\p{N}_$#.-])D(\d{1,2})(?![\p{L}\p{N}_$])/gu;
const RECORD_LINK = /ARCHITECTURE\.md#([\p{L}\p{N}_-]+)/gu;

function citations(pattern: RegExp, files: string[]): Array<Citation & { ref: string }> {
  const found: Array<Citation & { ref: string }> = [];
  for (const file of files) {
    const lines = readFileSync(file, "utf8").split("\n");
    lines.forEach((line, i) => {
      for (const m of line.matchAll(pattern)) {
        found.push({ where: `${path.relative(root, file)}:${i + 1}`, cited: m[0], ref: m[1] });
      }
    });
  }
  return found;
}

describe("ARCHITECTURE.md, the decision record", () => {
  const files = scannedFiles();

  it("names each decision D<n> with a plain-word title, so its anchor is #d<n>-<title-words>", () => {
    expect(decisionHeadings.length).toBeGreaterThanOrEqual(14);
    for (const heading of decisionHeadings) expect(heading, heading).toMatch(/^D\d+( [A-Za-z0-9]+)+$/);
    expect(anchorOf("D9 Target safety")).toBe("d9-target-safety");
    expect(anchors.has("d9-target-safety")).toBe(true);
  });

  it("has D1 to D14, each once", () => {
    for (let n = 1; n <= 14; n++) expect(decisionsWithHeading.has(n), `D${n}`).toBe(true);
    const numbers = decisionHeadings.map((h) => /^D(\d+)/.exec(h)![1]);
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it("finds the citations it is meant to check", () => {
    // Guards the scan itself: if the file walk or the pattern broke, the next test would pass on nothing.
    const found = citations(DECISION_CITATION, files);
    expect(found.some((c) => c.where.startsWith("lib/api/errors.ts") && c.ref === "1")).toBe(true);
    expect(found.some((c) => c.where.startsWith("README.md"))).toBe(true);
    expect("see (D4), D1–D5 and D12.".match(DECISION_CITATION)).toEqual(["D4", "D1", "D5", "D12"]);
    expect("3D, DD9, #D9, D9x, x.D9, 0xD9, D123".match(DECISION_CITATION)).toBeNull();
  });

  it("has a heading for every decision the code cites", () => {
    const missing = citations(DECISION_CITATION, files)
      .filter((c) => !decisionsWithHeading.has(Number(c.ref)))
      .map((c) => `${c.where}: ${c.cited} has no "### ${c.cited} …" heading in ARCHITECTURE.md`);
    expect(missing).toEqual([]);
  });

  it("has every anchor that a link to ARCHITECTURE.md#… names, and every in-file link too", () => {
    const links = citations(RECORD_LINK, files);
    const inFile = [...record.matchAll(/\]\(#([^)]+)\)/g)].map((m) => ({
      where: "ARCHITECTURE.md",
      cited: m[0],
      ref: m[1],
    }));
    const missing = [...links, ...inFile]
      .filter((c) => !anchors.has(c.ref))
      .map((c) => `${c.where}: ${c.cited} names no heading`);
    expect(missing).toEqual([]);
  });
});
