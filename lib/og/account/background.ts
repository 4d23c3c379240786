/**
 * `background-image` of account templates (D21): a linear or radial gradient of literal, variable
 * or brand colours, or `glow(<colour>, <corner>, <opacity>)` — the built-in cards' corner light
 * (lib/og/templates/glow.ts), for their duplicates (D33 point 8). Nothing here can name a file.
 */
import { brandRef, type BrandNames } from "@/lib/og/account/brand-refs";
import {
  isAngle,
  isColor,
  LENGTH,
  oneOf,
  slotParts,
  tokens,
  type KindOf,
  type TypeOf,
  type ValuePart,
} from "@/lib/og/account/css-values";
import { TemplateError } from "@/lib/og/account/markup";

const GLOW = /^glow\(\s*(.+?)\s*,\s*(top-right|bottom-right)\s*,\s*(0(?:\.\d+)?|1(?:\.0+)?|\{\{.+?\}\})\s*\)$/i;
const GLOW_USAGE =
  "glow() takes a colour (a color variable, a brand colour or a literal), a corner (top-right or bottom-right) and an opacity from 0 to 1 (or a number in {{…}} such as {{theme.glowOpacity}}), e.g. glow({{accent}}, top-right, 0.34).";

/** glow(…) as ["glow(", colour, ", corner, ", opacity, ")"]: element.ts reads the colour part as it is. */
export function checkGlow(value: string, line: number, kindOf: KindOf, brand: BrandNames, typeOf: TypeOf): ValuePart[] {
  const [, colour = "", corner, opacity = ""] = GLOW.exec(value.trim()) ?? [];
  if (!corner) throw new TemplateError(line, GLOW_USAGE);
  const opacityPart: ValuePart = opacity.startsWith("{{")
    ? (slotParts(opacity, line, { property: "glow()", check: () => false, allowed: ["number"] }, kindOf, typeOf) ??
        [])[0]
    : opacity;
  const rest = (part: ValuePart): ValuePart[] => [part, `, ${corner}, `, opacityPart, ")"];
  if (colour.startsWith("{{")) {
    let slot: ValuePart[] | null = null;
    try {
      slot = slotParts(colour, line, { property: "glow()", check: () => false, allowed: ["color"] }, kindOf, typeOf);
    } catch {
      // The usage says what glow() takes, which is what went wrong.
    }
    if (slot?.length === 1) return ["glow(", ...rest(slot[0])];
  } else if (colour.startsWith("brand:")) {
    return ["glow(", ...rest({ brand: "color", name: brandRef(colour, "color", brand, line)! })];
  } else if (isColor(colour)) return ["glow(", ...rest(colour)];
  throw new TemplateError(line, GLOW_USAGE);
}

const GRADIENT = /^(linear|radial)-gradient\((.*)\)$/i;
/** Gradient arguments: angles, directions, colours and stop positions, and nothing else. */
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

export function checkGradient(value: string, line: number, kindOf: KindOf, brand: BrandNames): ValuePart[] {
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
      const slot = /^\{\{\s*([a-z][a-zA-Z0-9_]*)\s*\}\}$/.exec(token);
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
