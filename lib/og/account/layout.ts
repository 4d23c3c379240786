/**
 * The `<layout>` block of account templates (D33 point 8): what the built-in cards compute
 * before they draw, in the template language, with the built-ins' own code.
 *
 *   <layout>
 *     <theme accent="accent" background="bgColor" />
 *     <let name="innerW" value="theme.width - 2 * theme.padX" />
 *     <fit name="head" text="title" width="innerW" height="300" max-size="84 * theme.u"
 *          min-size="34 * theme.u" line-height="1.12" max-lines="3" bold />
 *   </layout>
 *
 * `theme.*` is lib/og/templates/theme.ts's makeTheme for the canvas and the colour variables
 * `<theme>` names (sizes scaled to the canvas, text colours that contrast with the background);
 * `<fit>` is lib/og/templates/fit.ts's fitText, giving `head.size`, `head.clamp`, `head.lines`
 * and `head.height`. Entries are evaluated once per render, in order, each seeing the ones
 * above it: no entry can refer to itself or a later one, so there is nothing to loop on.
 */
import type { Rgba } from "@/lib/og/colors";
import { fitText } from "@/lib/og/templates/fit";
import { makeTheme, type Theme } from "@/lib/og/templates/theme";
import { evaluate, parseExpression, type Expr, type ExprType, type Value } from "@/lib/og/account/expression";
import type { TypeOf } from "@/lib/og/account/css-values";
import { TemplateError, type MarkupElement } from "@/lib/og/account/markup";
import { FIT_FIELDS, THEME_COLORS, THEME_NUMBERS } from "@/lib/og/account/vocabulary";

export interface CompiledLayout {
  /** The colour variables the theme is derived from (the built-ins' accent and bgColor). */
  theme?: { accent?: string; background?: string };
  steps: LayoutStep[];
}

type LayoutStep =
  | { kind: "let"; name: string; value: Expr }
  | {
      kind: "fit";
      name: string;
      text: Expr;
      width: Expr;
      height: Expr;
      maxSize: Expr;
      minSize: Expr;
      lineHeight: Expr;
      maxLines?: Expr;
      bold: boolean;
    };

const MAX_STEPS = 60;
/** Fitting is the costly entry (up to ~210 line counts of a text): a card needs a handful. */
const MAX_FITS = 16;
const NAME = /^[a-z][a-zA-Z0-9_]*$/;
/** `theme.*` names and their types. */
const THEME_NAMES = new Map<string, ExprType>([
  ...THEME_COLORS.map((n) => [`theme.${n}`, "color"] as const),
  ...THEME_NUMBERS.map((n) => [`theme.${n}`, "number"] as const),
  ["theme.isDark", "bool"],
]);
export const themeType = (name: string): ExprType | undefined => THEME_NAMES.get(name);
const FIT_ATTRIBUTES = ["text", "width", "height", "max-size", "min-size", "line-height", "max-lines"] as const;

/** Compiles `<layout>`; returns it and the types of the names it defines. */
export function compileLayout(
  block: MarkupElement,
  colorVariable: (name: string) => boolean,
  typeOf: TypeOf,
): { layout: CompiledLayout; types: Map<string, ExprType> } {
  const types = new Map<string, ExprType>();
  const layout: CompiledLayout = { steps: [] };
  const known: TypeOf = (name) => types.get(name) ?? typeOf(name) ?? themeType(name);
  for (const node of block.children) {
    if (node.kind === "text")
      throw new TemplateError(node.line, "Only <theme>, <let> and <fit> entries belong in <layout>.");
    if (!["theme", "let", "fit"].includes(node.tag))
      throw new TemplateError(node.line, `<${node.tag}> does not belong in <layout>; use <theme>, <let> or <fit>.`);
    if (node.children.length) throw new TemplateError(node.line, `<${node.tag}> takes no content; end it with />.`);
    const attrs = new Map(node.attributes.map((a) => [a.name, a.value]));
    // An expression's errors name its attribute's line: a <fit> often spans several.
    const lineOf = (attribute: string) => node.attributes.find((a) => a.name === attribute)?.line ?? node.line;
    const allowed: readonly string[] =
      node.tag === "theme"
        ? ["accent", "background"]
        : node.tag === "let"
          ? ["name", "value"]
          : ["name", "bold", ...FIT_ATTRIBUTES];
    const stray = node.attributes.find((a) => !allowed.includes(a.name));
    if (stray) throw new TemplateError(stray.line, `<${node.tag}> takes ${allowed.join(", ")}, not ${stray.name}.`);
    if (node.tag === "theme") {
      if (layout.theme) throw new TemplateError(node.line, "<layout> has one <theme>.");
      for (const [key, name] of attrs) {
        if (!colorVariable(name))
          throw new TemplateError(node.line, `<theme ${key}="${name}"> must name a color variable.`);
      }
      layout.theme = { accent: attrs.get("accent"), background: attrs.get("background") };
      continue;
    }
    if (layout.steps.length >= MAX_STEPS) throw new TemplateError(node.line, `At most ${MAX_STEPS} <let> and <fit>.`);
    const name = attrs.get("name") ?? "";
    if (!NAME.test(name) || name.length > 40 || name === "theme" || name === "item")
      throw new TemplateError(node.line, `"${name}" is not a valid name: letters, digits and _, starting lowercase.`);
    if (known(name)) throw new TemplateError(node.line, `${name} is already a variable or a name of <layout>.`);
    const expression = (attribute: string, want: ExprType): Expr => {
      const source = attrs.get(attribute);
      if (source === undefined) throw new TemplateError(node.line, `<${node.tag}> needs ${attribute}.`);
      const { expr, type } = parseExpression(source, lineOf(attribute), known);
      if (type !== want)
        throw new TemplateError(
          lineOf(attribute),
          `${attribute}="${source.slice(0, 40)}" must be ${want}, not ${type}.`,
        );
      return expr;
    };
    if (node.tag === "let") {
      const source = attrs.get("value");
      if (source === undefined) throw new TemplateError(node.line, "<let> needs value.");
      const { expr, type } = parseExpression(source, lineOf("value"), known);
      if (type === "list" || type === "image" || type === "keyword")
        throw new TemplateError(
          lineOf("value"),
          `value="${source.slice(0, 40)}" is ${type}: a <let> holds a number, a yes/no, a text or a colour.`,
        );
      layout.steps.push({ kind: "let", name, value: expr });
      types.set(name, type);
      continue;
    }
    if (attrs.has("bold") && attrs.get("bold") !== "") throw new TemplateError(node.line, "bold takes no value.");
    if (layout.steps.filter((step) => step.kind === "fit").length >= MAX_FITS)
      throw new TemplateError(node.line, `At most ${MAX_FITS} <fit>.`);
    layout.steps.push({
      kind: "fit",
      name,
      text: expression("text", "text"),
      width: expression("width", "number"),
      height: expression("height", "number"),
      maxSize: expression("max-size", "number"),
      minSize: expression("min-size", "number"),
      lineHeight: expression("line-height", "number"),
      ...(attrs.has("max-lines") ? { maxLines: expression("max-lines", "number") } : {}),
      bold: attrs.has("bold"),
    });
    for (const field of FIT_FIELDS) types.set(`${name}.${field}`, "number");
    types.set(name, "bool");
  }
  return { layout, types };
}

const bound = (value: Value, min: number, max: number) => {
  const n = Number(value);
  return Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : min;
};

/**
 * The values of a layout for one render: `lookup` gives the template's variables; the result
 * gives those, `theme.*` and the layout's names. Fitting is bounded: sizes from 1 to 4096 px
 * (fitText steps down by 4 %, so at most ~210 tries) over a text of at most a variable's length.
 */
export function layoutValues(
  layout: CompiledLayout | undefined,
  canvas: { width: number; height: number },
  colors: Readonly<Record<string, Rgba>>,
  lookup: (name: string) => Value,
): (name: string) => Value {
  const source = layout?.theme;
  const color = (name: string | undefined) => (name && Object.hasOwn(colors, name) ? colors[name] : undefined);
  const theme: Theme = makeTheme(canvas.width, canvas.height, {
    accent: color(source?.accent),
    bgColor: color(source?.background),
  });
  const values = new Map<string, Value>();
  const find = (name: string): Value => {
    if (values.has(name)) return values.get(name);
    if (name.startsWith("theme.")) {
      const key = name.slice(6);
      return key === "glowOpacity" ? theme.glow.opacity : (theme[key as keyof Theme] as Value);
    }
    return lookup(name);
  };
  for (const step of layout?.steps ?? []) {
    if (step.kind === "let") {
      values.set(step.name, evaluate(step.value, find));
      continue;
    }
    const text = evaluate(step.text, find);
    const maxLines = step.maxLines && Math.floor(bound(evaluate(step.maxLines, find), 1, 99));
    const fitted = fitText(typeof text === "string" ? text : "", {
      width: bound(evaluate(step.width, find), -100_000, 100_000),
      height: bound(evaluate(step.height, find), -100_000, 100_000),
      maxSize: bound(evaluate(step.maxSize, find), 1, 4096),
      minSize: bound(evaluate(step.minSize, find), 1, 4096),
      lineHeight: bound(evaluate(step.lineHeight, find), 0.5, 4),
      ...(maxLines ? { maxLines } : {}),
      bold: step.bold,
    });
    values.set(step.name, true);
    values.set(`${step.name}.size`, fitted.fontSize);
    values.set(`${step.name}.clamp`, fitted.clamp);
    values.set(`${step.name}.lines`, fitted.lines);
    values.set(`${step.name}.height`, fitted.height);
  }
  return find;
}
