/*
 * Part of the content endpoint's extraction (D24), run in an isolated world of the rendered page
 * with the others in lib/content/page (loaded in the order lib/content/page-script.ts gives).
 * Plain JavaScript, sent to the page as written.
 */
/* eslint-disable @typescript-eslint/no-unused-vars -- these declarations are used by the files evaluated after this one */

function markdownOf(element) {
  var service = new TurndownService({
    headingStyle: "atx",
    codeBlockStyle: "fenced",
    bulletListMarker: "-",
    emDelimiter: "_",
    hr: "---",
  });
  // GFM's strikethrough and task lists from the plugin; tables are ours (tables.js): the plugin
  // pads a spanning cell but counts the separator's columns another way, so a spanning header
  // came out narrower than its separator (issue 51: 5 cells over 9), which no renderer reads as a table.
  service.use([turndownPluginGfm.strikethrough, turndownPluginGfm.taskListItems]);
  addTableRules(service);
  // Text that reads as an HTML tag (`-F <file>` in git's manual) would vanish in any Markdown
  // renderer as an unknown tag: its < is escaped like the other Markdown characters.
  var escapeMarkdown = service.escape.bind(service);
  service.escape = function (text) {
    return escapeMarkdown(text).replace(/<(?=[A-Za-z/!?])/g, "\\<");
  };
  // Every <pre> is a fenced block (with or without <code> inside), in the language its
  // highlighter named; the fence is longer than any backtick run in the code.
  service.addRule("glanceFencedCode", {
    filter: function (node) {
      return node.nodeName === "PRE";
    },
    replacement: function (_content, node) {
      var code = (node.textContent || "").replace(/\n$/, "");
      var longest = 2;
      (code.match(/`+/g) || []).forEach(function (run) {
        longest = Math.max(longest, run.length);
      });
      var fence = "`".repeat(longest + 1);
      return "\n\n" + fence + (node.getAttribute("data-glance-lang") || "") + "\n" + code + "\n" + fence + "\n\n";
    },
  });
  return service
    .turndown(element)
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/* ---------- plain text: blocks on lines of their own ---------- */

// Paragraph-like blocks are set apart by a blank line; rows, items and terms by a line break.
var PARAGRAPHS = new Set(
  "ADDRESS ARTICLE ASIDE BLOCKQUOTE DETAILS DIALOG DL FIELDSET FIGURE FOOTER FORM H1 H2 H3 H4 H5 H6 HEADER HR MAIN NAV OL P PRE SECTION TABLE UL".split(
    " ",
  ),
);
var LINES = new Set("CAPTION DD DIV DT FIGCAPTION LI SUMMARY TR".split(" "));
// Inside <pre>, spaces and line breaks are the text: carried through the clean-up as private-use characters.
var PRE_SPACE = "\uE000";
var PRE_BREAK = "\uE001";

function textOf(element) {
  // Text pieces and breaks (numbers: how many line breaks); touching breaks merge into the larger.
  var out = [];
  function brk(n) {
    var last = out[out.length - 1];
    if (typeof last === "number") out[out.length - 1] = Math.max(last, n);
    else if (out.length > 0) out.push(n);
  }
  function walk(node, pre) {
    if (node.nodeType === 3) {
      if (pre) out.push(node.data.replace(/ /g, PRE_SPACE).replace(/\n/g, PRE_BREAK));
      else if (/\S/.test(node.data) || typeof out[out.length - 1] === "string")
        out.push(node.data.replace(/\s+/g, " "));
      return;
    }
    if (node.nodeType !== 1) return;
    var name = node.nodeName;
    if (name === "BR") return void out.push("\n");
    var gap = PARAGRAPHS.has(name) ? 2 : LINES.has(name) ? 1 : 0;
    if (gap) brk(gap);
    if ((name === "TD" || name === "TH") && node.previousElementSibling) out.push("\t");
    for (var child = node.firstChild; child; child = child.nextSibling) walk(child, pre || name === "PRE");
    if (gap) brk(gap);
  }
  walk(element, false);
  return out
    .map(function (piece) {
      return typeof piece === "number" ? "\n".repeat(piece) : piece;
    })
    .join("")
    .split("\n")
    .map(function (line) {
      return line.replace(/^[ \t]+|[ \t]+$/g, "").replace(/ {2,}/g, " ");
    })
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim()
    .replace(/\uE000/g, " ")
    .replace(/\uE001/g, "\n");
}
