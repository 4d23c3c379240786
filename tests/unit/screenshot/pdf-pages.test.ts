/** Page count read from Chromium-style PDF page trees (flat and nested). */
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { countPdfPages } from "@/lib/screenshot/pdf";

describe("countPdfPages", () => {
  it("reads the root page tree's count, also when nodes are nested", () => {
    const nested = [
      "1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj",
      "2 0 obj << /Type /Pages /Kids [3 0 R 4 0 R] /Count 12 >> endobj",
      "3 0 obj << /Count 8 /Type /Pages /Kids [] /Parent 2 0 R >> endobj",
      "4 0 obj << /Type /Pages /Kids [] /Count 4 /Parent 2 0 R >> endobj",
    ].join("\n");
    expect(countPdfPages(Buffer.from(nested, "latin1"))).toBe(12);
  });

  it("agrees with pdf-lib on a written document", async () => {
    const doc = await PDFDocument.create();
    for (let i = 0; i < 5; i++) doc.addPage([612, 792]);
    const bytes = Buffer.from(await doc.save({ useObjectStreams: false }));
    expect(countPdfPages(bytes)).toBe(5);
  });
});
