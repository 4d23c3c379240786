/**
 * pdfStandard=pdfa-2b: Chromium's PDF rewritten by Ghostscript's pdfwrite as PDF/A-2b — every
 * font embedded, colours in sRGB with an sRGB OutputIntent, the XMP identification
 * (pdfaid:part 2, conformance B). Ghostscript keeps the outline; it drops the structure tree,
 * which is why the level is B (visual) and not A, and /Lang (pdf.ts sets it again). Debian 12's
 * Ghostscript 10.0 also discards the whole document info, the title included, under PDF/A
 * ("cannot be represented in XMP"), even a title given to it as a pdfmark (D19 "PDFs").
 *
 * The conversion runs in a temporary directory (pdfwrite needs a seekable input) under the
 * request's deadline, killed when it runs out; any other failure is `pdf_conversion_failed`.
 */
import "server-only";
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { ApiError } from "@/lib/vocabulary/errors";
import { type Deadline, timeoutError } from "@/lib/browser";
import { log } from "@/lib/log";

/** Debian's ghostscript package puts its ICC profiles here; sRGB is the web's colour space. */
const SRGB_PROFILE = "/usr/share/color/icc/ghostscript/srgb.icc";

/**
 * The OutputIntent PDF/A requires, in pdfmark form (Ghostscript's own lib/PDFA_def.ps with
 * the sRGB profile filled in). /S /GTS_PDFA1 is the subtype every PDF/A part uses.
 */
const PDFA_DEF = `%!
[/_objdef {icc_PDFA} /type /stream /OBJ pdfmark
[{icc_PDFA} <</N 3>> /PUT pdfmark
[{icc_PDFA} (${SRGB_PROFILE}) (r) file /PUT pdfmark
[/_objdef {OutputIntent_PDFA} /type /dict /OBJ pdfmark
[{OutputIntent_PDFA} << /Type /OutputIntent /S /GTS_PDFA1 /DestOutputProfile {icc_PDFA} /OutputConditionIdentifier (sRGB) >> /PUT pdfmark
[{Catalog} <</OutputIntents [ {OutputIntent_PDFA} ]>> /PUT pdfmark
`;

/** Ghostscript's last words, for the log (never for the caller: they name temporary paths). */
const STDERR_KEEP = 4_096;

export async function convertToPdfA(bytes: Buffer, deadline: Deadline): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), "glance-pdfa-"));
  try {
    const input = path.join(dir, "in.pdf");
    const output = path.join(dir, "out.pdf");
    const def = path.join(dir, "pdfa-def.ps");
    await Promise.all([writeFile(input, bytes), writeFile(def, PDFA_DEF)]);
    await runGhostscript(
      [
        "-q",
        "-dPDFA=2",
        "-dBATCH",
        "-dNOPAUSE",
        // -dSAFER: the input is the printed page (a stranger's), so the interpreter reads only
        // the profile and the files given here.
        "-dSAFER",
        `--permit-file-read=${SRGB_PROFILE}`,
        "-sDEVICE=pdfwrite",
        "-sColorConversionStrategy=RGB",
        // What PDF/A cannot hold (transparency groups of PDF/A-1, for one) is dropped, not fatal.
        "-dPDFACompatibilityPolicy=1",
        `-sOutputFile=${output}`,
        def,
        input,
      ],
      deadline,
    );
    return await readFile(output);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function runGhostscript(args: string[], deadline: Deadline): Promise<void> {
  const timeoutMs = Math.max(1, deadline.remaining());
  return new Promise((resolve, reject) => {
    execFile(
      "gs",
      args,
      // The deadline's signal too: a render nobody waits for any more stops converting (D10).
      { timeout: timeoutMs, killSignal: "SIGKILL", maxBuffer: STDERR_KEEP * 4, signal: deadline.signal },
      (error, _stdout, stderr) => {
        if (!error) return resolve();
        if (error.killed || error.name === "AbortError") return reject(timeoutError(deadline.totalMs));
        log.warn("pdfa_conversion_failed", { code: error.code, stderr: String(stderr).slice(-STDERR_KEEP) });
        reject(
          new ApiError(
            "pdf_conversion_failed",
            error.code === "ENOENT"
              ? "PDF/A conversion is not available on this server (Ghostscript is not installed)."
              : "Ghostscript could not convert this page's PDF to PDF/A-2b. Retry without pdfStandard to get the PDF as printed.",
          ),
        );
      },
    );
  });
}
