/**
 * The decision record lives in the repo: one file per decision, `docs/decisions/NNNN-title.md`,
 * indexed at the end of ARCHITECTURE.md. Every decision the code cites ("D9", "(D4)", "D1–D5")
 * has a file, every file has its four sections and one index row, and every link to a decision
 * file, to `ARCHITECTURE.md#…` or between the record's pages points at something that exists.
 * A failure names the file and line of the citation that points nowhere.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { filesUnder } from "@/tests/support/source-files";

const root = path.resolve(__dirname, "../../..");
const DECISIONS_DIR = path.join(root, "docs/decisions");
const architecture = readFileSync(path.join(root, "ARCHITECTURE.md"), "utf8");

/** The folders whose files may cite a decision, plus the README and the root's own modules. */
const SCANNED_DIRS = ["app", "components", "lib", "scripts", "bench", "tests", "docs", "prisma"];
const SCANNED_ROOT_FILES = ["README.md", "ARCHITECTURE.md", "proxy.ts", "instrumentation.ts", "next.config.ts"];
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

/** The anchors a Markdown page offers: its headings' and its explicit `<a id="…">`s. */
function anchorsOf(markdown: string): Set<string> {
  const headings = [...markdown.matchAll(/^#{1,6} +(.+?) *$/gm)].map((m) => anchorOf(m[1]));
  const explicit = [...markdown.matchAll(/<a id="([^"]+)"><\/a>/g)].map((m) => m[1]);
  return new Set([...headings, ...explicit]);
}

interface DecisionFile {
  file: string;
  number: number;
  title: string;
  text: string;
}

const DECISION_FILE = /^(\d{4})-([a-z0-9-]+)\.md$/;

const decisionFiles: DecisionFile[] = readdirSync(DECISIONS_DIR)
  .filter((name) => DECISION_FILE.test(name))
  .map((name) => {
    const text = readFileSync(path.join(DECISIONS_DIR, name), "utf8");
    const heading = /^# D(\d+) (.+)$/m.exec(text.split("\n")[0]);
    return {
      file: name,
      number: heading ? Number(heading[1]) : NaN,
      title: heading ? heading[2] : "",
      text,
    };
  });
const decisionNumbers = new Set(decisionFiles.map((d) => d.number));

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
  ref: string;
  file: string;
}

/** "D9", "(D4)", "D1–D5" (both ends): a D and a number standing as a word of their own. */
const DECISION_CITATION = /(?<![\p{L}\p{N}_$#.-])D(\d{1,2})(?![\p{L}\p{N}_$])/gu;
/** A link into the map: `ARCHITECTURE.md#the-request-path`, `ARCHITECTURE.md#d9-target-safety`. */
const MAP_LINK = /ARCHITECTURE\.md#([\p{L}\p{N}_-]+)/gu;
/** A decision file named anywhere (code comments name it from the repo root, Markdown relative). */
const DECISION_LINK = /docs\/decisions\/([\w.-]+\.md)(?:#([\p{L}\p{N}_-]+))?/gu;
/** A relative Markdown link: `[text](target)`, target not a URL and not only an anchor. */
const MARKDOWN_LINK = /\]\((?![a-z]+:|#)([^)\s]+?)(?:#([^)\s]+))?\)/g;

function citations(pattern: RegExp, files: string[]): Citation[] {
  const found: Citation[] = [];
  for (const file of files) {
    const lines = readFileSync(file, "utf8").split("\n");
    lines.forEach((line, i) => {
      for (const m of line.matchAll(pattern)) {
        found.push({ where: `${path.relative(root, file)}:${i + 1}`, cited: m[0], ref: m[1], file });
      }
    });
  }
  return found;
}

function anchorsOfFile(file: string): Set<string> {
  return anchorsOf(readFileSync(file, "utf8"));
}

describe("docs/decisions, the decision record", () => {
  const files = scannedFiles();

  it("names each file NNNN-title.md after its heading `# D<n> Title in plain words`", () => {
    expect(decisionFiles.length).toBeGreaterThanOrEqual(22);
    for (const d of decisionFiles) {
      expect(d.title, `${d.file}: first line "# D<n> Title"`).toMatch(/^[A-Za-z0-9]+( [A-Za-z0-9]+)*$/);
      const [, number, slug] = DECISION_FILE.exec(d.file)!;
      expect(Number(number), `${d.file}: number of file and heading`).toBe(d.number);
      expect(slug, `${d.file}: name is the title's words`).toBe(anchorOf(d.title));
    }
  });

  it("has D1 to D22, each once", () => {
    for (let n = 1; n <= 22; n++) expect(decisionNumbers.has(n), `D${n}`).toBe(true);
    expect(decisionNumbers.size).toBe(decisionFiles.length);
  });

  it("gives every decision a status, then context, decision and consequences, none empty", () => {
    for (const d of decisionFiles) {
      expect(d.text, `${d.file}: status line`).toMatch(/^- Status: (accepted|superseded by D\d+)\b/m);
      const sections = [...d.text.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
      expect(sections, d.file).toEqual(["Context", "Decision", "Consequences"]);
      for (const part of d.text.split(/^## .+$/m).slice(1))
        expect(part.trim().length, `${d.file}: a section is empty`).toBeGreaterThan(20);
    }
  });

  it("lists every decision once in ARCHITECTURE.md's index, in number order, with its anchor", () => {
    const rows = [
      ...architecture.matchAll(
        /^\| <a id="(d(\d+)-[a-z0-9-]+)"><\/a>D(\d+) \| \[(.+?)\]\(docs\/decisions\/(.+?)\) \|$/gm,
      ),
    ];
    const listed = rows.map(([, anchor, n1, n2, title, file]) => ({ anchor, n1, n2, title, file }));
    expect(listed.map((r) => r.file)).toEqual(
      [...decisionFiles].sort((a, b) => a.number - b.number).map((d) => d.file),
    );
    for (const row of listed) {
      const d = decisionFiles.find((f) => f.file === row.file)!;
      expect([Number(row.n1), Number(row.n2), row.title], row.file).toEqual([d.number, d.number, d.title]);
      // Old links (ARCHITECTURE.md#d9-target-safety) land on the row that leads to the file.
      expect(row.anchor).toBe(anchorOf(`D${d.number} ${d.title}`));
    }
  });

  it("finds the citations it is meant to check", () => {
    // Guards the scan itself: if the file walk or the pattern broke, the next tests would pass on nothing.
    const found = citations(DECISION_CITATION, files);
    expect(found.some((c) => c.where.startsWith("lib/vocabulary/errors.ts") && c.ref === "1")).toBe(true);
    expect(found.some((c) => c.where.startsWith("README.md"))).toBe(true);
    expect(found.some((c) => c.where.startsWith("docs/decisions/0007-"))).toBe(true);
    expect(citations(DECISION_LINK, files).some((c) => c.where.startsWith("README.md"))).toBe(true);
    expect(citations(MAP_LINK, files).some((c) => c.where.startsWith("lib/api/pipeline.ts"))).toBe(true);
    expect("see (D4), D1–D5 and D12.".match(DECISION_CITATION)).toEqual(["D4", "D1", "D5", "D12"]);
    expect("3D, DD9, #D9, D9x, x.D9, 0xD9, D123, D<n>".match(DECISION_CITATION)).toBeNull();
  });

  it("has a file for every decision the code cites", () => {
    const missing = citations(DECISION_CITATION, files)
      .filter((c) => !decisionNumbers.has(Number(c.ref)))
      .map((c) => `${c.where}: ${c.cited} has no docs/decisions/NNNN-….md whose heading is "# ${c.cited} …"`);
    expect(missing).toEqual([]);
  });

  it("has every decision file and anchor a link names", () => {
    const missing = citations(DECISION_LINK, files)
      .filter((c) => !c.ref.startsWith("NNNN-")) // the recipe's and the template's placeholder
      .filter((c) => {
        const target = path.join(DECISIONS_DIR, c.ref);
        if (!statSync(target, { throwIfNoEntry: false })?.isFile()) return true;
        const anchor = /#([\p{L}\p{N}_-]+)$/u.exec(c.cited)?.[1];
        return anchor !== undefined && !anchorsOfFile(target).has(anchor);
      })
      .map((c) => `${c.where}: ${c.cited} names no file or heading`);
    expect(missing).toEqual([]);
  });

  it("has every anchor that a link to ARCHITECTURE.md#… names", () => {
    const anchors = anchorsOf(architecture);
    const missing = citations(MAP_LINK, files)
      .filter((c) => !anchors.has(c.ref))
      .map((c) => `${c.where}: ${c.cited} names no heading`);
    expect(missing).toEqual([]);
  });

  it("resolves every relative link of the Markdown pages (README, ARCHITECTURE.md, the record)", () => {
    const pages = files.filter((f) => f.endsWith(".md"));
    expect(pages).toContain(path.join(DECISIONS_DIR, "0009-target-safety.md"));
    const missing: string[] = [];
    for (const page of pages) {
      // Code spans show links as text (the recipe's example row), they do not link.
      const text = readFileSync(page, "utf8").replace(/`[^`\n]*`/g, "");
      for (const m of text.matchAll(MARKDOWN_LINK)) {
        const target = path.resolve(path.dirname(page), m[1]);
        const exists = statSync(target, { throwIfNoEntry: false });
        const anchorMissing = exists?.isFile() && m[2] !== undefined && !anchorsOfFile(target).has(m[2]);
        if (!exists || anchorMissing) missing.push(`${path.relative(root, page)}: ${m[0]}`);
      }
      for (const m of text.matchAll(/\]\(#([^)\s]+)\)/g))
        if (!anchorsOf(text).has(m[1])) missing.push(`${path.relative(root, page)}: ${m[0]}`);
    }
    expect(missing).toEqual([]);
  });
});
