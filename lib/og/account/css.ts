/**
 * Inline CSS of account templates (D21): a declaration list checked property by property against
 * what satori draws (flexbox, box model, type, colour, borders, gradients), with `{{variables}}`
 * allowed where their type fits — a color variable where a colour goes, a number variable where
 * a length or number goes, and expressions of the same types (css-values.ts). No url(), no
 * @-rules, no CSS expression(): nothing that could load a file.
 */
import { brandRef, NO_BRAND, type BrandNames } from "@/lib/og/account/brand-refs";
import { checkGlow, checkGradient } from "@/lib/og/account/background";
import {
  isColor,
  LENGTH,
  isLength,
  isNumber,
  oneOf,
  slotParts,
  tokens,
  typeOfKind,
  type Check,
  type KindOf,
  type TypeOf,
  type ValuePart,
  type VariableKind,
} from "@/lib/og/account/css-values";
import { TemplateError } from "@/lib/og/account/markup";

export interface Declaration {
  /** camelCase, as satori and React take it. */
  property: string;
  value: ValuePart[];
}

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

const camel = (name: string) => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** Parses and checks a style attribute; `kindOf` tells each declared variable's type. */
export function parseStyle(
  style: string,
  line: number,
  kindOf: KindOf,
  brand: BrandNames = NO_BRAND,
  typeOf: TypeOf = (name) => typeOfKind(kindOf(name)),
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
      const glow = /^glow\(/i.test(value.trim());
      const parts = glow ? checkGlow(value, line, kindOf, brand, typeOf) : checkGradient(value, line, kindOf, brand);
      declarations.push({ property, value: parts });
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
    const check = Object.hasOwn(RULES, property) ? RULES[property] : undefined;
    if (!check) throw new TemplateError(line, `CSS property "${name}" is not supported in templates.`);
    if (!value) throw new TemplateError(line, `${name} has no value.`);
    const parts = tokens(value);
    if (parts.length < check.tokens[0] || parts.length > check.tokens[1])
      throw new TemplateError(line, `Invalid CSS value for ${name}: "${value}".`);
    const out: ValuePart[] = [];
    parts.forEach((token, i) => {
      if (i > 0) out.push(" ");
      const slot = slotParts(token, line, { property: name, check: check.check, allowed: check.slots }, kindOf, typeOf);
      if (slot) {
        out.push(...slot);
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
