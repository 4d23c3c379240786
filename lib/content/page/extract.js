/*
 * The content endpoint's extraction (D24), run in an isolated world of the rendered page: it
 * shares the page's DOM but none of its JavaScript, so a page that replaces DOM methods or
 * prototypes cannot reach this code. Readability, TurndownService and turndownPluginGfm are
 * loaded into the same world just before (lib/content/page-script.ts), with the helpers of
 * the other files in this folder. The live document is
 * only read; every change is made on a copy. Plain JavaScript, not TypeScript: it is sent to the
 * page as written.
 *
 * glanceExtract(options) → { html?, markdown?, text?, links?, metadata?, source, truncated }
 *   options.formats          which of html, markdown, text, links, metadata to produce
 *   options.onlyMainContent  markdown and text of the main content (true) or the whole page
 *   options.removeSelectors  elements to leave out of markdown and text (hideSelectors)
 *   options.maxChars         the longest html, markdown or text returned; longer is cut
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- called by the expression lib/content/extract.ts evaluates
function glanceExtract(options) {
  "use strict";
  var formats = new Set(options.formats);
  var truncated = [];

  function cut(name, value) {
    if (value.length <= options.maxChars) return value;
    truncated.push(name);
    return value.slice(0, options.maxChars);
  }

  /* ---------- one answer ---------- */

  var result = { truncated: truncated };
  if (formats.has("html")) {
    var doctype = document.doctype ? "<!DOCTYPE " + document.doctype.name + ">\n" : "";
    result.html = cut("html", doctype + document.documentElement.outerHTML);
  }
  if (formats.has("markdown") || formats.has("text")) {
    var copy = document.cloneNode(true);
    prepareCopy(copy, options.removeSelectors);
    var chosen = options.onlyMainContent
      ? mainContent(copy)
      : { element: copy.body || copy.documentElement, source: "page" };
    result.source = chosen.source;
    if (formats.has("markdown")) result.markdown = cut("markdown", markdownOf(chosen.element));
    if (formats.has("text")) result.text = cut("text", textOf(chosen.element));
  }
  if (formats.has("links")) result.links = linksOf();
  if (formats.has("metadata")) result.metadata = metadataOf();
  return result;
}
