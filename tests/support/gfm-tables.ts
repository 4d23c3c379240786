/**
 * GFM table validity (issue 51): a table's delimiter row and every body row have exactly as many
 * cells as its header row. Read from the Markdown's lines (outside fenced code), not by a parser:
 * a parser turns a table whose delimiter row does not match its header into a paragraph, hiding
 * the fault this looks for. A run of lines starting with `|` that has no delimiter row as its
 * second line is reported too (a table no renderer shows as one).
 */

/** Cells of a table line: split on unescaped pipes, the outer ones dropped. */
function cellCount(line: string): number {
  const trimmed = line
    .trim()
    .replace(/^\|/, "")
    .replace(/(?<!\\)\|$/, "");
  return trimmed.split(/(?<!\\)\|/).length;
}

const DELIMITER = /^\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?$/;

/** Lines (1-based, with their text) of tables that are not valid GFM; empty when all are. */
export function irregularTableRows(
  markdown: string,
): Array<{ line: number; text: string; cells: number; header: number }> {
  const lines = markdown.split("\n");
  const faults: Array<{ line: number; text: string; cells: number; header: number }> = [];
  let fence: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const opening = /^\s*(`{3,}|~{3,})/.exec(lines[i]);
    if (fence) {
      if (opening && opening[1][0] === fence[0] && opening[1].length >= fence.length) fence = null;
      continue;
    }
    if (opening) {
      fence = opening[1];
      continue;
    }
    if (!lines[i].trimStart().startsWith("|")) continue;
    const start = i;
    while (i + 1 < lines.length && lines[i + 1].trimStart().startsWith("|")) i++;
    const header = cellCount(lines[start]);
    if (start === i || !DELIMITER.test(lines[start + 1].trim())) {
      faults.push({ line: start + 1, text: lines[start], cells: header, header });
      continue;
    }
    for (let row = start + 1; row <= i; row++) {
      const cells = cellCount(lines[row]);
      if (cells !== header) faults.push({ line: row + 1, text: lines[row], cells, header });
    }
  }
  return faults;
}
