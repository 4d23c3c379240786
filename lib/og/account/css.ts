/**
 * Inline CSS of account templates (D21): a declaration list checked property by property against
 * what satori draws (flexbox, box model, type, colour, borders, gradients), with `{{variables}}`
 * allowed where their type fits — a color variable where a colour goes, a number variable where
 * a length or number goes. No url(), no @-rules, no expressions: nothing that could load a file.
 */
import { parseColor } from "@/lib/og/colors";
import { brandRef, NO_BRAND, type BrandNames } from "@/lib/og/account/brand-refs";
import { TemplateError } from "@/lib/og/account/markup";

export type VariableKind = "text" | "color" | "image_url" | "list" | "number";

/**
 * A CSS value with the variables left as slots: ["12", { variable: "size" }, "px"]; a brand-kit
 * reference (`brand:primary`, `font-family: brand:heading`) is a slot filled from the account's
 * brand kit at render time.
 */
export type ValuePart = string | { variable: string } | { brand: "color" | "font"; name: string };

export interface Declaration {
  /** camelCase, as satori and React take it. */
  property: string;
  value: ValuePart[];
}

const NAMED_COLORS = new Set(
  "transparent currentcolor black white red green blue yellow orange purple pink gray grey silver maroon navy teal olive lime aqua fuchsia indigo violet gold crimson coral salmon tomato orchid khaki beige ivory lavender".split(
    " ",
  ),
);
const LENGTH = /^-?(\d+(\.\d+)?|\.\d+)(px|em|rem|%|vw|vh)?$/;
const NUMBER = /^-?(\d+(\.\d+)?|\.\d+)$/;
const SLOT = /^\{\{\s*([a-z][a-zA-Z0-9_]*)\s*\}\}(px|em|%|deg)?$/;

type Check = (token: string) => boolean;
const oneOf =
  (...words: string[]): Check =>
  (t) =>
    words.includes(t.toLowerCase());
const isLength: Check = (t) => LENGTH.test(t) || t === "auto";
const isNumber: Check = (t) => NUMBER.test(t);
const isColor: Check = (t) =>
  NAMED_COLORS.has(t.toLowerCase()) || (/^(#|rgba?\(|hsla?\()/i.test(t) && parseColor(t) !== null);
const isAngle: Check = (t) => /^-?\d+(\.\d+)?(deg|turn|rad)$/.test(t);

/** Value checks: how many space-separated tokens, and what each may be. */
interface Rule {
  tokens: [number, number];
  check: Check;
  /** Which variable kinds may fill a token. */
  slots: VariableKind[];
}

const rule = (check: Check, slots: VariableKind[], tokens: [number, number] = [1, 1]): Rule => ({
  check,
  slots,
  tokens,
});
const length = rule(isLength, ["number"]);
const lengths = rule(isLength, ["number"], [1, 4]);
const color = rule(isColor, ["color"]);
const align = rule(
  oneOf(
    "flex-start",
    "flex-end",
    "center",
    "stretch",
    "baseline",
    "space-between",
    "space-around",
    "space-evenly",
    "auto",
    "normal",
  ),
  [],
);
const border = rule(
  (t) => isLength(t) || isColor(t) || oneOf("solid", "dashed", "none")(t),
  ["number", "color"],
  [1, 3],
);
const shadow = rule((t) => isLength(t) || isColor(t) || t === "inset", ["number", "color"], [1, 6]);

const RULES: Record<string, Rule> = {
  display: rule(oneOf("flex", "none"), []),
  flexDirection: rule(oneOf("row", "column", "row-reverse", "column-reverse"), []),
  flexWrap: rule(oneOf("nowrap", "wrap", "wrap-reverse"), []),
  flexGrow: rule(isNumber, ["number"]),
  flexShrink: rule(isNumber, ["number"]),
  flexBasis: length,
  alignItems: align,
  alignSelf: align,
  alignContent: align,
  justifyContent: align,
  gap: rule(isLength, ["number"], [1, 2]),
  rowGap: length,
  columnGap: length,
  boxSizing: rule(oneOf("border-box", "content-box"), []),
  position: rule(oneOf("relative", "absolute"), []),
  ...Object.fromEntries(
    ["top", "right", "bottom", "left", "width", "height", "minWidth", "minHeight", "maxWidth", "maxHeight"].map((p) => [
      p,
      length,
    ]),
  ),
  ...Object.fromEntries(
    ["margin", "padding"].flatMap((p) => [
      [p, lengths],
      ...["Top", "Right", "Bottom", "Left"].map((s) => [`${p}${s}`, length]),
    ]),
  ),
  color,
  backgroundColor: color,
  borderColor: color,
  border,
  borderTop: border,
  borderRight: border,
  borderBottom: border,
  borderLeft: border,
  borderWidth: lengths,
  borderStyle: rule(oneOf("solid", "dashed", "none"), []),
  borderRadius: lengths,
  boxShadow: shadow,
  textShadow: shadow,
  opacity: rule(isNumber, ["number"]),
  overflow: rule(oneOf("visible", "hidden"), []),
  fontSize: length,
  fontWeight: rule(oneOf("normal", "bold", "100", "200", "300", "400", "500", "600", "700", "800", "900"), ["number"]),
  fontStyle: rule(oneOf("normal", "italic"), []),
  lineHeight: rule((t) => isNumber(t) || LENGTH.test(t), ["number"]),
  letterSpacing: length,
  textAlign: rule(oneOf("left", "right", "center", "justify", "start", "end"), []),
  textTransform: rule(oneOf("none", "uppercase", "lowercase", "capitalize"), []),
  textDecoration: rule(oneOf("none", "underline", "line-through"), []),
  whiteSpace: rule(oneOf("normal", "nowrap", "pre", "pre-wrap", "pre-line"), []),
  wordBreak: rule(oneOf("normal", "break-all", "break-word", "keep-all"), []),
  textOverflow: rule(oneOf("clip", "ellipsis"), []),
  lineClamp: rule((t) => /^[1-9]\d?$/.test(t), ["number"]),
  objectFit: rule(oneOf("contain", "cover", "fill", "none"), []),
};

/** Gradient arguments: angles, directions, colours and stop positions, and nothing else. */
const GRADIENT = /^(linear|radial)-gradient\((.*)\)$/i;
const GRADIENT_WORDS = oneOf(
  "to",
  "left",
  "right",
  "top",
  "bottom",
  "center",
  "circle",
  "ellipse",
  "at",
  "closest-side",
  "farthest-corner",
);

const camel = (name: string) => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** Tokens split at `separator` (whitespace by default) outside parentheses: rgb(…) stays whole. */
function tokens(value: string, separator: RegExp = /\s/): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = "";
  for (const c of value) {
    if (c === "(") depth++;
    if (c === ")") depth--;
    if (separator.test(c) && depth === 0) {
      if (current) out.push(current);
      current = "";
    } else current += c;
  }
  if (current) out.push(current);
  return out;
}

/** Parses and checks a style attribute; `kindOf` tells each declared variable's type. */
export function parseStyle(
  style: string,
  line: number,
  kindOf: (name: string) => VariableKind | undefined,
  brand: BrandNames = NO_BRAND,
): Declaration[] {
  if (/url\s*\(|@import|expression\s*\(|\\/i.test(style)) {
    throw new TemplateError(
      line,
      "CSS may not load anything: url(), @import, expression() and escapes are not allowed. Use an image_url variable on an <img>.",
    );
  }
  const declarations: Declaration[] = [];
  for (const raw of style.split(";")) {
    if (!raw.trim()) continue;
    const colon = raw.indexOf(":");
    if (colon < 0)
      throw new TemplateError(line, `"${raw.trim().slice(0, 40)}" is not a CSS declaration (property: value).`);
    const name = raw.slice(0, colon).trim().toLowerCase();
    const value = raw.slice(colon + 1).trim();
    const property = camel(name);
    if (property === "backgroundImage") {
      const check = /^glow\(/i.test(value.trim()) ? checkGlow : checkGradient;
      declarations.push({ property, value: check(value, line, kindOf, brand) });
      continue;
    }
    if (property === "fontFamily") {
      // Only brand-kit fonts: the service's own fonts are the default, and nothing else is loaded.
      const font = brandRef(value, "font", brand, line);
      if (!font)
        throw new TemplateError(
          line,
          `font-family takes a brand-kit font such as "brand:heading" (got "${value.slice(0, 40)}").`,
        );
      declarations.push({ property, value: [{ brand: "font", name: font }] });
      continue;
    }
    const check = RULES[property];
    if (!check) throw new TemplateError(line, `CSS property "${name}" is not supported in templates.`);
    if (!value) throw new TemplateError(line, `${name} has no value.`);
    const parts = tokens(value);
    if (parts.length < check.tokens[0] || parts.length > check.tokens[1])
      throw new TemplateError(line, `Invalid CSS value for ${name}: "${value}".`);
    const out: ValuePart[] = [];
    parts.forEach((token, i) => {
      if (i > 0) out.push(" ");
      const slot = SLOT.exec(token);
      if (slot) {
        const kind = kindOf(slot[1]);
        if (!kind) throw new TemplateError(line, `{{${slot[1]}}} is not a declared variable.`);
        if (!check.slots.includes(kind))
          throw new TemplateError(line, `{{${slot[1]}}} is a ${kind} variable and cannot be used in ${name}.`);
        out.push({ variable: slot[1] });
        if (slot[2]) out.push(slot[2]);
        else if (kind === "number" && check.check === isLength) out.push("px");
        return;
      }
      if (token.includes("{{"))
        throw new TemplateError(line, `In ${name}, a variable must be a whole value such as {{size}}px.`);
      if (token.startsWith("brand:") && (check.check === isColor || check.slots.includes("color"))) {
        out.push({ brand: "color", name: brandRef(token, "color", brand, line)! });
        return;
      }
      if (!check.check(token)) throw new TemplateError(line, `Invalid CSS value for ${name}: "${value}".`);
      out.push(token);
    });
    declarations.push({ property, value: out });
  }
  return declarations;
}

/** `glow(<colour>, <corner>, <opacity>)`: the built-in cards' corner light (glow.ts), for their duplicates (D33 point 8). */
const GLOW = /^glow\(\s*(.+?)\s*,\s*(top-right|bottom-right)\s*,\s*(0(?:\.\d+)?|1(?:\.0+)?)\s*\)$/i;
const GLOW_USAGE =
  "glow() takes a colour (a color variable, a brand colour or a literal), a corner (top-right or bottom-right) and an opacity from 0 to 1, e.g. glow({{accent}}, top-right, 0.34).";
function checkGlow(value: string, line: number, kindOf: (name: string) => VariableKind | undefined, brand: BrandNames) {
  const [, colour = "", corner, opacity] = GLOW.exec(value.trim()) ?? [];
  const rest = `, ${corner}, ${opacity})`;
  const slot = SLOT.exec(colour);
  if (slot && kindOf(slot[1]) === "color") return ["glow(", { variable: slot[1] }, rest] satisfies ValuePart[];
  if (colour.startsWith("brand:"))
    return ["glow(", { brand: "color", name: brandRef(colour, "color", brand, line)! }, rest] satisfies ValuePart[];
  if (!slot && isColor(colour)) return [`glow(${colour}${rest}`];
  throw new TemplateError(line, GLOW_USAGE);
}

function checkGradient(
  value: string,
  line: number,
  kindOf: (name: string) => VariableKind | undefined,
  brand: BrandNames,
): ValuePart[] {
  const match = GRADIENT.exec(value.trim());
  if (!match)
    throw new TemplateError(
      line,
      `background-image must be a linear-gradient() or radial-gradient() (got "${value.slice(0, 40)}").`,
    );
  const out: ValuePart[] = [`${match[1].toLowerCase()}-gradient(`];
  tokens(match[2], /,/).forEach((stop, i) => {
    if (i > 0) out.push(", ");
    tokens(stop.trim()).forEach((token, j) => {
      if (j > 0) out.push(" ");
      const slot = SLOT.exec(token);
      if (slot) {
        if (kindOf(slot[1]) !== "color")
          throw new TemplateError(line, `Only color variables may appear in a gradient ({{${slot[1]}}}).`);
        out.push({ variable: slot[1] });
        return;
      }
      if (token.startsWith("brand:")) {
        out.push({ brand: "color", name: brandRef(token, "color", brand, line)! });
        return;
      }
      if (!(isColor(token) || isAngle(token) || LENGTH.test(token) || GRADIENT_WORDS(token))) {
        throw new TemplateError(line, `Invalid value in the gradient: "${token}".`);
      }
      out.push(token);
    });
  });
  out.push(")");
  return out;
}
