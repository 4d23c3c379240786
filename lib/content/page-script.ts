/**
 * The source the content endpoint runs in the page (D24): Mozilla's Readability, Turndown with
 * the Joplin GFM plugin (their browser builds, read from node_modules like the consent script,
 * lib/page/consent.ts), then our extraction (lib/content/page/*.js). Read once per process.
 */
import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";

const ROOT = process.cwd();
const fromPackage = (...parts: string[]) => readFileSync(path.join(ROOT, "node_modules", ...parts), "utf8");

/** Files of ours, in the order they are evaluated: helpers first, glanceExtract last. */
const OWN_FILES = ["helpers.js", "main-content.js", "tables.js", "text-formats.js", "page-data.js", "extract.js"];

let source: string | undefined;

/**
 * Everything, as one script for an isolated world: the libraries' CommonJS/UMD wrappers find no
 * `module` or `exports` there, so each is given what it expects and its export kept as a global.
 */
export function extractionSource(): string {
  source ??= [
    "var module = undefined, exports = undefined, define = undefined;",
    fromPackage("@mozilla", "readability", "Readability.js"),
    fromPackage("turndown", "lib", "turndown.browser.umd.js"),
    "var exports = {};",
    fromPackage("@joplin", "turndown-plugin-gfm", "lib", "turndown-plugin-gfm.cjs.js"),
    "var turndownPluginGfm = exports; exports = undefined;",
    ...OWN_FILES.map((name) => readFileSync(path.join(ROOT, "lib", "content", "page", name), "utf8")),
  ].join("\n;\n");
  return source;
}
