/**
 * Accessible and archival PDFs (D19 "PDFs", #47 point 4) on real Chromium and real pages: two
 * documentation pages Debian ships (Sphinx's Flask quickstart in English, DocBook's Debian
 * Reference in Japanese), read back with tools that are not Chromium — qpdf (the catalogue, the
 * outline), poppler's pdfinfo/pdftotext/pdffonts (the structure tree's text, the page text, the
 * fonts) — and the expected headings read from the HTML files with htmlparser2.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DomUtils, parseDocument } from "htmlparser2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { problemOf, rendersOf } from "@/tests/support/api";
import {
  DEBIAN_PAGES,
  type DebianDocsServer,
  debianDocFile,
  ensureDebianDocs,
  serveDebianDocs,
} from "@/tests/support/debian-docs";
import { expectOk, screenshotHarness } from "@/tests/support/screenshot-harness";

let docs: DebianDocsServer;
const work = mkdtempSync(path.join(tmpdir(), "glance-pdf-test-"));

beforeAll(async () => {
  ensureDebianDocs(["python-flask-doc", "debian-reference-ja"]);
  docs = await serveDebianDocs();
}, 600_000);
afterAll(async () => {
  rmSync(work, { recursive: true, force: true });
  await docs?.close();
});
const h = screenshotHarness(() => ({ plan: "pro", allowOrigins: [docs.origin] }));

/** Runs a poppler or qpdf tool on the PDF (written to a file) and returns its output. */
function tool(bytes: Buffer, command: string, args: string[], after: string[] = []): string {
  const file = path.join(work, `${command}-${Date.now()}.pdf`);
  writeFileSync(file, bytes);
  // stderr ignored: poppler warns about Chromium's inline structure types (Strong, Em) it does not know.
  return execFileSync(command, [...args, file, ...after], {
    encoding: "utf8",
    maxBuffer: 64 << 20,
    stdio: ["ignore", "pipe", "ignore"],
  });
}

type QpdfValue = string | number | boolean | null | QpdfValue[] | { [key: string]: QpdfValue };

/** The document catalogue and info dictionary, as qpdf's JSON v2 writes them ("u:" strings). */
function catalogueOf(bytes: Buffer): { root: Record<string, QpdfValue>; info: Record<string, QpdfValue> } {
  const objects = JSON.parse(tool(bytes, "qpdf", ["--json=2", "--json-key=qpdf"])).qpdf[1];
  const trailer = objects.trailer.value;
  return { root: objects[`obj:${trailer["/Root"]}`].value, info: objects[`obj:${trailer["/Info"]}`]?.value ?? {} };
}

interface Outline {
  title: string;
  kids: Outline[];
}

/** The outline flattened to "level title" lines, depth first. */
function outlineOf(bytes: Buffer): string[] {
  const { outlines } = JSON.parse(tool(bytes, "qpdf", ["--json=2", "--json-key=outlines"])) as { outlines: Outline[] };
  const lines: string[] = [];
  const walk = (items: Outline[], level: number) => {
    for (const item of items) {
      lines.push(`${level} ${item.title}`);
      walk(item.kids, level + 1);
    }
  };
  walk(outlines, 1);
  return lines;
}

/** The Sphinx page's headings (in its body, the ¶ permalinks left out) as "level title" lines. */
function sphinxHeadings(file: string): string[] {
  const dom = parseDocument(readFileSync(file, "utf8"));
  const body = DomUtils.findOne((e) => e.attribs.role === "main", dom.children)!;
  return DomUtils.findAll((e) => /^h[1-6]$/.test(e.name), [body]).map((heading) => {
    const text = heading.children
      .filter((c) => !("attribs" in c && c.attribs.class === "headerlink"))
      .map((c) => DomUtils.textContent(c))
      .join("");
    return `${heading.name.slice(1)} ${text.trim()}`;
  });
}

function htmlOf(file: string): { lang: string; title: string } {
  const dom = parseDocument(readFileSync(file, "utf8"));
  const html = DomUtils.findOne((e) => e.name === "html", dom.children)!;
  const title = DomUtils.findOne((e) => e.name === "title", dom.children)!;
  return { lang: html.attribs.lang, title: DomUtils.textContent(title).trim() };
}

describe("every PDF is tagged, with an outline, language and title", () => {
  const page = DEBIAN_PAGES.flaskQuickstart;

  it("the Flask quickstart: structure tree, Marked, /Lang, /Title, outline = the body's headings", async () => {
    const file = debianDocFile(page)!;
    const header = "Glance header marker";
    const bytes = await expectOk(
      await h.shoot({
        url: docs.url(page),
        format: "pdf",
        headerTemplate: `<span style="font-size:8px">${header}</span>`,
        footerTemplate: '<span style="font-size:8px" class="pageNumber"></span>',
      }),
    );
    const { root, info } = catalogueOf(bytes);
    expect(root["/StructTreeRoot"]).toBeTruthy();
    expect(root["/MarkInfo"]).toMatchObject({ "/Marked": true });
    const { lang, title } = htmlOf(file);
    expect(lang).toBe("en");
    expect(root["/Lang"]).toBe(`u:${lang}`);
    expect(info["/Title"]).toBe(`u:${title}`);

    const headings = sphinxHeadings(file);
    expect(headings.length).toBeGreaterThan(20);
    expect(outlineOf(bytes)).toEqual(headings);

    // The header is printed on the page but outside the structure tree: readers that follow the
    // tags (and PDF/UA checkers) do not meet it, while the body's text is in the tree.
    expect(tool(bytes, "pdftotext", ["-f", "1", "-l", "1"], ["-"])).toContain(header);
    const tagged = tool(bytes, "pdfinfo", ["-struct-text"]);
    expect(tagged).toContain("Eager to get started?");
    expect(tagged).not.toContain(header);
  });

  it("outline=false drops only the outline; a page declaring no language takes the locale asked for", async () => {
    // The Japanese Debian Reference declares no lang: Chromium alone would write its own en-US.
    const ja = DEBIAN_PAGES.debianReferenceAuthJa;
    const { lang, title } = htmlOf(debianDocFile(ja)!);
    expect(lang).toBeUndefined();
    const bytes = await expectOk(await h.shoot({ url: docs.url(ja), format: "pdf", outline: false, locale: "ja-JP" }));
    const { root, info } = catalogueOf(bytes);
    expect(root["/Outlines"]).toBeUndefined();
    expect(outlineOf(bytes)).toEqual([]);
    expect(root["/StructTreeRoot"]).toBeTruthy();
    expect(root["/MarkInfo"]).toMatchObject({ "/Marked": true });
    expect(root["/Lang"]).toBe("u:ja-JP");
    expect(info["/Title"]).toBe(`u:${title}`);
    expect(info["/Producer"]).toMatch(/^u:Skia/);
  });
});

describe("pdfStandard=pdfa-2b", () => {
  const page = DEBIAN_PAGES.flaskQuickstart;

  it("the Flask quickstart: PDF/A-2b identification, an sRGB OutputIntent, every font embedded, the outline kept", async () => {
    const res = await h.shoot({ url: docs.url(page), format: "pdf", pdfStandard: "pdfa-2b", pageSize: "a4" });
    const bytes = await expectOk(res);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const xmp = tool(bytes, "pdfinfo", ["-meta"]);
    expect(xmp).toMatch(/pdfaid:part=['"]2['"]/);
    expect(xmp).toMatch(/pdfaid:conformance=['"]B['"]/);

    const { root } = catalogueOf(bytes);
    expect(root["/Lang"]).toBe("u:en"); // Ghostscript drops it; it is set again
    const objects = JSON.parse(tool(bytes, "qpdf", ["--json=2", "--json-key=qpdf"])).qpdf[1];
    const intents = (root["/OutputIntents"] as string[]).map((ref) => objects[`obj:${ref}`]?.value ?? ref);
    expect(intents).toEqual([expect.objectContaining({ "/S": "/GTS_PDFA1", "/OutputConditionIdentifier": "u:sRGB" })]);

    // pdffonts: name, type, encoding, then emb/sub/uni as yes/no; every font must say emb=yes.
    const fonts = tool(bytes, "pdffonts", []).split("\n").slice(2).filter(Boolean);
    expect(fonts.length).toBeGreaterThan(0);
    for (const line of fonts) expect(line, line).toMatch(/\s+yes\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+$/);

    expect(outlineOf(bytes).length).toBeGreaterThan(5);
    expect(tool(bytes, "pdftotext", ["-f", "1", "-l", "1"], ["-"])).toContain("Eager to get started?");
  });

  it("is a Pro option: a Starter account gets 403 naming it", async () => {
    const starter = await h.accountOn("starter");
    const res = await h.shoot({ url: docs.url(page), format: "pdf", pdfStandard: "pdfa-2b" }, { account: starter });
    expect(await problemOf(res)).toMatchObject({ status: 403, code: "plan_upgrade_required", param: "pdfStandard" });
  });

  it("a conversion that cannot run is 502 pdf_conversion_failed, and not charged", async () => {
    const before = await rendersOf(h.account);
    const saved = process.env.PATH;
    process.env.PATH = path.join(work, "no-ghostscript-here");
    try {
      const res = await h.shoot({ url: docs.url(page), format: "pdf", pdfStandard: "pdfa-2b", scale: 0.5 });
      expect(await problemOf(res)).toMatchObject({ status: 502, code: "pdf_conversion_failed" });
    } finally {
      process.env.PATH = saved;
    }
    expect(await rendersOf(h.account)).toBe(before);
  });
});
