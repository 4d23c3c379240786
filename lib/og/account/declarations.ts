/**
 * The `<variables>` block of account templates (D21): each variable's type, name, default and
 * description, checked on save with the line of each declaration.
 */
import type { VariableKind } from "@/lib/og/account/css-values";
import { TemplateError, type MarkupElement } from "@/lib/og/account/markup";
import { ogParams } from "@/lib/og/params";

export const DECLARATION_LIMITS = { maxVariables: 30, nameMaxChars: 40 } as const;

const VARIABLE_KINDS: readonly VariableKind[] = ["text", "color", "image_url", "list", "number"];
/** Query parameters of /v1/og (read from its schema, so a new one is reserved too) and the loop variable: never usable as variable names. */
const RESERVED = new Set([...Object.keys(ogParams.shape), "item"]);
// Letters, digits and _: camelCase too, so a duplicate of a built-in takes its bgColor (D33 point 8).
const VARIABLE_NAME = /^[a-z][a-zA-Z0-9_]*$/;

export interface DeclaredVariable {
  name: string;
  type: VariableKind;
  required: boolean;
  /** Raw default, as a query value would be written (lists: items separated by "|"). */
  default?: string;
  /**
   * A sample value (same form) that the studio's preview and the docs show but a render never
   * fills in: a duplicate of a built-in shows the built-in's example card in the editor and still
   * leaves out, like the built-in, what a request does not give (D33 point 8).
   */
  example?: string;
  description: string;
  /** Where it is declared, for errors about its default. */
  line: number;
}

function attribute(element: MarkupElement, name: string): string | undefined {
  return element.attributes.find((a) => a.name === name)?.value;
}

export function declarations(block: MarkupElement): DeclaredVariable[] {
  const out: DeclaredVariable[] = [];
  for (const node of block.children) {
    if (node.kind === "text")
      throw new TemplateError(node.line, 'Only declarations such as <text name="title" /> belong in <variables>.');
    const type = node.tag as VariableKind;
    if (!VARIABLE_KINDS.includes(type))
      throw new TemplateError(node.line, `<${node.tag}> is not a variable type; use ${VARIABLE_KINDS.join(", ")}.`);
    for (const a of node.attributes) {
      if (!["name", "default", "example", "required", "description"].includes(a.name))
        throw new TemplateError(
          a.line,
          `A variable declaration takes name, default, example, required and description, not ${a.name}.`,
        );
    }
    const name = attribute(node, "name") ?? "";
    if (!VARIABLE_NAME.test(name) || name.length > DECLARATION_LIMITS.nameMaxChars) {
      throw new TemplateError(
        node.line,
        `"${name}" is not a valid variable name: letters, digits and _, starting with a lowercase letter.`,
      );
    }
    if (RESERVED.has(name)) throw new TemplateError(node.line, `"${name}" is reserved (a parameter of /v1/og).`);
    if (out.some((v) => v.name === name)) throw new TemplateError(node.line, `The variable ${name} is declared twice.`);
    const fallback = attribute(node, "default");
    const example = attribute(node, "example");
    out.push({
      name,
      type,
      required: attribute(node, "required") !== undefined,
      ...(fallback !== undefined ? { default: fallback } : {}),
      ...(example !== undefined ? { example } : {}),
      description: attribute(node, "description") ?? "",
      line: node.line,
    });
  }
  if (out.length > DECLARATION_LIMITS.maxVariables)
    throw new TemplateError(block.line, `At most ${DECLARATION_LIMITS.maxVariables} variables.`);
  return out;
}
