/*
 * Part of the content endpoint's extraction (D24), run in an isolated world of the rendered page
 * with the others in lib/content/page (loaded in the order lib/content/page-script.ts gives).
 * Plain JavaScript, sent to the page as written.
 *
 * Tables in the Markdown: a GFM table when every cell is one line of text, every row padded to the
 * widest (GFM needs as many cells in each row as in the header); HTML, stripped to its structure,
 * when GFM cannot say it (a cell spanning rows or columns, a list, code block, heading or table
 * inside a cell); a one-cell layout table is its cell's content.
 */
/* eslint-disable @typescript-eslint/no-unused-vars -- these declarations are used by the files evaluated after this one */

var BLOCKS_IN_CELLS = "pre, ul, ol, dl, table, h1, h2, h3, h4, h5, h6, blockquote, hr";
// What the HTML form of a table keeps of its attributes: its structure, links, images, language.
var KEPT_ATTRIBUTES = new Set(["colspan", "rowspan", "href", "src", "alt", "title", "lang", "dir", "scope"]);

function tableNeedsHtml(table) {
  var cells = table.querySelectorAll("td, th");
  for (var i = 0; i < cells.length; i++) {
    var cell = cells[i];
    if (Number(cell.getAttribute("colspan") || 1) > 1 || Number(cell.getAttribute("rowspan") || 1) > 1) return true;
    if (cell.querySelector(BLOCKS_IN_CELLS)) return true;
  }
  return false;
}

function tableHtml(table) {
  var copy = table.cloneNode(true);
  [copy].concat(Array.from(copy.querySelectorAll("*"))).forEach(function (el) {
    Array.from(el.attributes).forEach(function (attribute) {
      if (!KEPT_ATTRIBUTES.has(attribute.name.toLowerCase())) el.removeAttribute(attribute.name);
    });
  });
  // A blank line ends an HTML block in Markdown: one inside a <pre> becomes a character reference.
  return copy.outerHTML.replace(/\n(?=[ \t]*\n)/g, "&#10;");
}

function rowsOf(table) {
  return Array.from(table.rows).filter(function (row) {
    return row.cells.length > 0;
  });
}

function isHeadingRow(row) {
  return (
    row.parentElement.nodeName === "THEAD" ||
    Array.from(row.cells).every(function (cell) {
      return cell.nodeName === "TH";
    })
  );
}

/** Turndown rules for tables; cells are converted first (Turndown works inside out) and kept by node. */
function addTableRules(service) {
  var cellMarkdown = new Map();
  function cellText(cell) {
    return (cellMarkdown.get(cell) || "").trim().replace(/\n+/g, "<br>").replace(/\|/g, "\\|");
  }
  service.addRule("glanceTableCell", {
    filter: ["td", "th"],
    replacement: function (content, node) {
      cellMarkdown.set(node, content);
      return "";
    },
  });
  service.addRule("glanceTableParts", {
    filter: ["tr", "thead", "tbody", "tfoot", "caption", "colgroup", "col"],
    replacement: function () {
      return "";
    },
  });
  service.addRule("glanceTable", {
    filter: "table",
    replacement: function (_content, table) {
      var rows = rowsOf(table);
      if (rows.length === 0) return "";
      if (rows.length === 1 && rows[0].cells.length === 1 && !tableNeedsHtml(table))
        return "\n\n" + (cellMarkdown.get(rows[0].cells[0]) || "").trim() + "\n\n";
      if (tableNeedsHtml(table)) return "\n\n" + tableHtml(table) + "\n\n";
      var width = Math.max.apply(
        null,
        rows.map(function (row) {
          return row.cells.length;
        }),
      );
      function line(cells) {
        var texts = cells.map(cellText);
        while (texts.length < width) texts.push("");
        return "| " + texts.join(" | ") + " |";
      }
      var header = isHeadingRow(rows[0]) ? Array.from(rows.shift().cells) : [];
      var lines = [line(header), "|" + " --- |".repeat(width)].concat(
        rows.map(function (row) {
          return line(Array.from(row.cells));
        }),
      );
      var caption = table.caption ? squash(table.caption.textContent) : "";
      return "\n\n" + (caption ? caption + "\n\n" : "") + lines.join("\n") + "\n\n";
    },
  });
}
