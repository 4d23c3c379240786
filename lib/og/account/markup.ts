/**
 * The tokenizer of account templates (D21): a strict, small HTML subset. Elements with quoted
 * attributes, text, comments — nothing else (no doctype, CDATA, processing instructions or
 * unquoted attributes). Every node carries its line, so save-time errors point at it.
 */
import { BrandedError } from "@/lib/vocabulary/branded-error";

export interface MarkupElement {
  kind: "element";
  tag: string;
  attributes: Array<{ name: string; value: string; line: number }>;
  children: MarkupNode[];
  line: number;
}

interface MarkupText {
  kind: "text";
  text: string;
  line: number;
}

export type MarkupNode = MarkupElement | MarkupText;

export class TemplateError extends BrandedError {
  static readonly brand: string = "glance.TemplateError";
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`Line ${line}: ${message}`);
    this.name = "TemplateError";
  }
}

const VOID_TAGS = new Set(["img", "br"]);
const NAME = /^[a-zA-Z][a-zA-Z0-9_-]*$/;

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

function decodeEntities(text: string, line: number): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (match, body: string) => {
    if (body[0] === "#") {
      const cp = body[1] === "x" || body[1] === "X" ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      if (!Number.isFinite(cp) || cp > 0x10ffff || cp === 0)
        throw new TemplateError(line, `${match} is not a valid character reference.`);
      return String.fromCodePoint(cp);
    }
    const named = ENTITIES[body.toLowerCase()];
    if (named === undefined)
      throw new TemplateError(line, `Unknown entity ${match}; use &amp;, &lt;, &gt;, &quot; or a numeric reference.`);
    return named;
  });
}

/** Parses `source` into a forest of nodes; throws TemplateError with the line of the first problem. */
export function parseMarkup(source: string): MarkupNode[] {
  let pos = 0;
  let line = 1;
  const root: MarkupElement = { kind: "element", tag: "#root", attributes: [], children: [], line: 1 };
  const stack: MarkupElement[] = [root];

  const advance = (to: number) => {
    for (let i = pos; i < to; i++) if (source.charCodeAt(i) === 10) line++;
    pos = to;
  };

  while (pos < source.length) {
    const top = stack[stack.length - 1];
    if (source.startsWith("<!--", pos)) {
      const end = source.indexOf("-->", pos + 4);
      if (end < 0) throw new TemplateError(line, "Comment is never closed (missing -->).");
      advance(end + 3);
      continue;
    }
    if (source[pos] === "<") {
      const start = line;
      const end = findTagEnd(source, pos, line);
      const raw = source.slice(pos + 1, end);
      advance(end + 1);
      if (raw.startsWith("/")) {
        const tag = raw.slice(1).trim().toLowerCase();
        if (top === root || top.tag !== tag) {
          throw new TemplateError(
            start,
            top === root
              ? `</${tag}> closes nothing.`
              : `</${tag}> found where </${top.tag}> (opened on line ${top.line}) was expected.`,
          );
        }
        stack.pop();
        continue;
      }
      if (raw.startsWith("!") || raw.startsWith("?"))
        throw new TemplateError(start, `<${raw.slice(0, 12)}…> is not allowed: only elements, text and comments.`);
      const element = parseTag(raw, start);
      top.children.push(element);
      const selfClosing = raw.trimEnd().endsWith("/");
      if (!selfClosing && !VOID_TAGS.has(element.tag)) stack.push(element);
      continue;
    }
    const next = source.indexOf("<", pos);
    const end = next < 0 ? source.length : next;
    const startLine = line;
    const text = source.slice(pos, end);
    advance(end);
    if (text.includes(">")) throw new TemplateError(startLine, 'A stray ">" in text; write &gt;.');
    if (text.trim()) top.children.push({ kind: "text", text: decodeEntities(text, startLine), line: startLine });
  }
  if (stack.length > 1) {
    const open = stack[stack.length - 1];
    throw new TemplateError(open.line, `<${open.tag}> is never closed.`);
  }
  return root.children;
}

/** Index of the ">" that ends the tag starting at `from`, skipping quoted attribute values. */
function findTagEnd(source: string, from: number, line: number): number {
  let quote: string | null = null;
  for (let i = from + 1; i < source.length; i++) {
    const c = source[i];
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === "<") throw new TemplateError(line, 'A "<" inside a tag: is a ">" missing?');
    else if (c === ">") return i;
  }
  throw new TemplateError(line, "Tag is never closed (missing >).");
}

function parseTag(raw: string, line: number): MarkupElement {
  const body = raw.trimEnd().replace(/\/$/, "");
  const nameMatch = /^([^\s/>]+)/.exec(body);
  if (!nameMatch || !NAME.test(nameMatch[1]))
    throw new TemplateError(line, `"<${body.slice(0, 20)}" is not a valid tag.`);
  const tag = nameMatch[1].toLowerCase();
  const attributes: MarkupElement["attributes"] = [];
  let rest = body.slice(nameMatch[1].length);
  let attrLine = line;
  const attribute = /^(\s+)([^\s=]+)(?:\s*=\s*("([^"]*)"|'([^']*)'))?/;
  while (rest.trim()) {
    const m = attribute.exec(rest);
    if (!m)
      throw new TemplateError(
        attrLine,
        `Cannot read the attributes of <${tag}> near "${rest.trim().slice(0, 20)}"; values must be quoted.`,
      );
    attrLine += (m[1].match(/\n/g) ?? []).length;
    const name = m[2].toLowerCase();
    if (!NAME.test(name)) throw new TemplateError(attrLine, `"${m[2]}" is not a valid attribute name.`);
    if (m[3] === undefined && /^\s*=/.test(rest.slice(m[0].length)))
      throw new TemplateError(attrLine, `The value of ${name} must be quoted.`);
    const value = m[4] ?? m[5] ?? "";
    if (attributes.some((a) => a.name === name)) throw new TemplateError(attrLine, `<${tag}> has ${name} twice.`);
    attributes.push({ name, value: decodeEntities(value, attrLine), line: attrLine });
    attrLine += (value.match(/\n/g) ?? []).length;
    rest = rest.slice(m[0].length);
  }
  return { kind: "element", tag, attributes, children: [], line };
}
