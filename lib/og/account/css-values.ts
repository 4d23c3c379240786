/**
 * The pieces of account-template CSS (D21) that style properties and background images share:
 * token checks, the tokenizer, and `{{…}}` slots — a declared variable, or an expression
 * (lib/og/account/expression.ts) whose type fits the place: a number where a length or number
 * goes, a colour where a colour goes, a quoted word ('column') where that word is valid.
 */
import { parseColor } from "@/lib/og/colors";
import { keywordsOf, parseExpression, type Expr, type ExprType } from "@/lib/og/account/expression";
import { TemplateError } from "@/lib/og/account/markup";

export type VariableKind = "text" | "color" | "image_url" | "list" | "number";

/**
 * A CSS value with the variables left as slots: ["12", { variable: "size" }, "px"]; a brand-kit
 * reference (`brand:primary`, `font-family: brand:heading`) is a slot filled from the account's
 * brand kit at render time; `{ expr }` an expression evaluated at render time.
 */
export type ValuePart = string | { variable: string } | { brand: "color" | "font"; name: string } | { expr: Expr };

/** Types of the names a template may use: its variables, its layout's names, `theme.*`. */
export type TypeOf = (name: string) => ExprType | undefined;
export type KindOf = (name: string) => VariableKind | undefined;

/** The expression type of a variable kind (an image_url variable is an image). */
export const typeOfKind = (kind: VariableKind | undefined): ExprType | undefined =>
  kind === "image_url" ? "image" : kind;

const NAMED_COLORS = new Set(
  "transparent currentcolor black white red green blue yellow orange purple pink gray grey silver maroon navy teal olive lime aqua fuchsia indigo violet gold crimson coral salmon tomato orchid khaki beige ivory lavender".split(
    " ",
  ),
);
export const LENGTH = /^-?(\d+(\.\d+)?|\.\d+)(px|em|rem|%|vw|vh)?$/;
const NUMBER = /^-?(\d+(\.\d+)?|\.\d+)$/;
/** A slot and its unit: `{{size}}px`, `{{ head.size * -0.02 }}px`. */
const SLOT = /^\{\{(.+?)\}\}(px|em|%|deg)?$/;
const PLAIN_NAME = /^[a-z][a-zA-Z0-9_]*$/;

export type Check = (token: string) => boolean;
export const oneOf =
  (...words: string[]): Check =>
  (t) =>
    words.includes(t.toLowerCase());
export const isLength: Check = (t) => LENGTH.test(t) || t === "auto";
export const isNumber: Check = (t) => NUMBER.test(t);
export const isColor: Check = (t) =>
  NAMED_COLORS.has(t.toLowerCase()) || (/^(#|rgba?\(|hsla?\()/i.test(t) && parseColor(t) !== null);
export const isAngle: Check = (t) => /^-?\d+(\.\d+)?(deg|turn|rad)$/.test(t);

/** Tokens split at `separator` (whitespace by default) outside parentheses and `{{…}}`: rgb(…) stays whole. */
export function tokens(value: string, separator: RegExp = /\s/): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = "";
  for (const c of value) {
    if (c === "(" || c === "{") depth++;
    if (c === ")" || c === "}") depth--;
    if (separator.test(c) && depth === 0) {
      if (current) out.push(current);
      current = "";
    } else current += c;
  }
  if (current) out.push(current);
  return out;
}

/**
 * A `{{…}}` token of a CSS value as parts, or null when the token is not a slot. `allowed` are
 * the variable kinds the place takes; a number without a unit where a length goes is in px.
 */
export function slotParts(
  token: string,
  line: number,
  where: { property: string; check: Check; allowed: readonly VariableKind[] },
  kindOf: KindOf,
  typeOf: TypeOf,
): ValuePart[] | null {
  const slot = SLOT.exec(token);
  if (!slot) return null;
  const name = slot[1].trim();
  const unit = slot[2];
  const withUnit = (part: ValuePart, number: boolean): ValuePart[] =>
    unit ? [part, unit] : number && where.check === isLength ? [part, "px"] : [part];
  const plain = PLAIN_NAME.test(name);
  const kind = plain ? kindOf(name) : undefined;
  if (kind) {
    if (!where.allowed.includes(kind))
      throw new TemplateError(line, `{{${name}}} is a ${kind} variable and cannot be used in ${where.property}.`);
    return withUnit({ variable: name }, kind === "number");
  }
  if (plain && !typeOf(name)) throw new TemplateError(line, `{{${name}}} is not a declared variable.`);
  const { expr, type } = parseExpression(name, line, typeOf);
  if (type === "keyword") {
    const wrong = keywordsOf(expr).find((word) => !where.check(word));
    if (wrong !== undefined || unit)
      throw new TemplateError(line, `'${wrong ?? unit}' is not a valid value for ${where.property}.`);
    return [{ expr }];
  }
  const fits = (type === "number" || type === "color") && where.allowed.includes(type);
  if (!fits)
    throw new TemplateError(line, `{{${name.slice(0, 60)}}} is ${type} and cannot be used in ${where.property}.`);
  return withUnit({ expr }, type === "number");
}
