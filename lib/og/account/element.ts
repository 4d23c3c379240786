/**
 * A compiled account template plus validated variables → the React element that satori (or the
 * browser engine, D21) draws. Values only ever fill slots the template declared at save time:
 * text becomes text, colours become CSS colours, numbers become numbers, images are the data:
 * URIs lib/og/images made. A slot whose optional variable was not given drops its declaration
 * (or, for an <img>, the element). The template's `<layout>` is evaluated once per render
 * (layout.ts); `if` and `limit` (D33 point 8) decide what is drawn. A render expands to at most
 * STUDIO_LIMITS.maxRenderedElements elements, however its loops nest: more is the caller's 400.
 */
import { createElement, type CSSProperties, type ReactElement, type ReactNode } from "react";
import { ApiError } from "@/lib/vocabulary/errors";
import { OG_LIMITS } from "@/lib/og/catalog";
import { css, parseColor } from "@/lib/og/colors";
import { glowImage, type GlowCorner } from "@/lib/og/templates/glow";
import { initialsOf } from "@/lib/og/templates/parts";
import { FONT_FAMILY } from "@/lib/og/templates/theme";
import type { OgVariables } from "@/lib/og/variables";
import { STUDIO_LIMITS, type CompiledElement, type CompiledTemplate, type Parts } from "@/lib/og/account/compile";
import type { ValuePart } from "@/lib/og/account/css-values";
import { evaluate, truthy, type Expr, type Value } from "@/lib/og/account/expression";
import { layoutValues } from "@/lib/og/account/layout";

/** An account's brand kit as a render uses it: what each `brand:<name>` stands for. */
export interface ResolvedBrand {
  /** CSS colours by name. */
  colors: Readonly<Record<string, string>>;
  /** The family name each brand font was handed to the engine under, by name. */
  fonts: Readonly<Record<string, string>>;
  /** PNG data URIs by name. */
  images: Readonly<Record<string, string>>;
}

const EMPTY_BRAND: ResolvedBrand = { colors: {}, fonts: {}, images: {} };

interface Scope {
  variables: OgVariables;
  images: Readonly<Record<string, string>>;
  brand: ResolvedBrand;
  /** Width ÷ height of the canvas: a glow() is drawn in its proportions. */
  aspect: number;
  /** Names of the template's <layout> and theme.* for this render. */
  layout: (name: string) => Value;
  item?: string;
  /** The list of the innermost `each` being expanded: what an over-budget error names. */
  list?: string;
  /** Elements this render may still expand to, shared by every scope of one render. */
  budget: { left: number };
}

function valueOf(name: string, scope: Pick<Scope, "variables" | "item">): string | undefined {
  if (name === "item" && scope.item !== undefined) return scope.item;
  // Own properties only: a variable named like an Object method ("constructor") is just missing.
  const { colors, text } = scope.variables;
  if (Object.hasOwn(colors, name)) return css(colors[name]);
  return Object.hasOwn(text, name) ? text[name] : undefined;
}

/** A variable's value in an expression: lists as lists, an image when it was fetched. */
function variableValue(name: string, scope: Pick<Scope, "variables" | "images" | "item">): Value {
  if (Object.hasOwn(scope.variables.lists, name)) return scope.variables.lists[name];
  if (Object.hasOwn(scope.images, name)) return scope.images[name];
  return valueOf(name, scope);
}

/** Any name in an expression: the loop's item, else what the layout's lookup gives (variables too). */
const expressionValue = (name: string, scope: Scope): Value =>
  name === "item" && scope.item !== undefined ? scope.item : scope.layout(name);

/**
 * An expression's value as CSS or text: a number as JavaScript writes it, as the built-ins do,
 * within ±OG_LIMITS.numberMaxAbs like a number variable (no page-sized boxes from arithmetic).
 */
function shown(value: Value): string | undefined {
  if (value === undefined || typeof value === "object" || typeof value === "boolean") return undefined;
  if (typeof value !== "number") return value;
  const bounded = Math.min(OG_LIMITS.numberMaxAbs, Math.max(-OG_LIMITS.numberMaxAbs, value));
  return String(Math.abs(bounded) < 1e-6 ? 0 : bounded);
}

const run = (part: { expr: Expr }, scope: Scope) => evaluate(part.expr, (name) => expressionValue(name, scope));

function fill(parts: ReadonlyArray<ValuePart>, scope: Scope): string | undefined {
  let out = "";
  for (const part of parts) {
    if (typeof part === "string") out += part;
    else if ("brand" in part) {
      // A brand font keeps the service's fonts as fallbacks (for characters it lacks).
      const value = part.brand === "font" ? scope.brand.fonts[part.name] : scope.brand.colors[part.name];
      if (value === undefined) return undefined;
      out += part.brand === "font" ? `"${value}", ${FONT_FAMILY}` : value;
    } else {
      const value = "expr" in part ? shown(run(part, scope)) : valueOf(part.variable, scope);
      if (value === undefined) return undefined;
      out += value;
    }
  }
  return out;
}

function styleOf(element: CompiledElement, scope: Scope): CSSProperties {
  const style: Record<string, string | number> = {};
  for (const { property, value } of element.style) {
    const filled = fill(value, scope);
    if (filled === undefined) continue;
    if (property === "backgroundImage" && filled.startsWith("glow("))
      Object.assign(style, glowStyle(value, filled, scope));
    else style[property] = property === "lineClamp" ? Number(filled) : filled;
  }
  // satori's defaults, made explicit so the browser engine lays out the same.
  if (element.tag !== "img" && style.display === undefined)
    style.display = style.lineClamp !== undefined ? "block" : "flex";
  style.boxSizing ??= "border-box";
  return style as CSSProperties;
}

/**
 * glow(colour, corner, opacity) → the built-in cards' glow bitmap, stretched over the element as
 * Frame does. A colour variable is used as validated (no round trip through CSS text, which
 * rounds a translucent colour's alpha), as the built-ins use it.
 */
function glowStyle(parts: ReadonlyArray<ValuePart>, filled: string, scope: Scope): Record<string, string> {
  const [, colour, corner, opacity] = /^glow\((.*), (top-right|bottom-right), ([\d.e-]+)\)$/.exec(filled) ?? [];
  const given = parts[1];
  const rgba =
    typeof given === "object" && "variable" in given && Object.hasOwn(scope.variables.colors, given.variable)
      ? scope.variables.colors[given.variable]
      : colour
        ? parseColor(colour)
        : null;
  if (!rgba) return {};
  const strength = Math.min(1, Math.max(0, Number(opacity) || 0));
  return {
    backgroundImage: `url(${glowImage(rgba, strength, corner as GlowCorner, scope.aspect)})`,
    backgroundSize: "100% 100%",
    backgroundRepeat: "no-repeat",
  };
}

function render(element: CompiledElement, scope: Scope, key: number): ReactNode {
  if (element.each) {
    const { lists } = scope.variables;
    let items = Object.hasOwn(lists, element.each) ? lists[element.each] : [];
    if (element.limit)
      items = items.slice(0, Math.max(0, Math.floor(Number(run({ expr: element.limit }, scope)) || 0)));
    const { each: _each, limit: _limit, ...single } = element;
    return items.map((item, i) => render(single, { ...scope, item, list: element.each }, i));
  }
  spend(scope);
  if (element.if && !truthy(run({ expr: element.if }, scope))) return null;
  const style = styleOf(element, scope);
  if (element.tag === "img") {
    const src = !element.src
      ? undefined
      : "brand" in element.src
        ? scope.brand.images[element.src.brand]
        : scope.images[element.src.variable];
    if (!src) return null;
    return createElement("img", { key, src, width: element.width, height: element.height, style });
  }
  const children = element.children.map((child, i) =>
    "text" in child ? textOf(child.text, scope) : render(child, scope, i),
  );
  return createElement(element.tag, { key, style }, ...children);
}

/**
 * Counts one element against the render's budget, whether or not its `if` then leaves it out (its
 * expressions are evaluated either way). Loops multiply: two nested `each` over 20-item lists
 * repeat what they hold 400 times, so the bound is on the expansion itself, not on the source.
 */
function spend(scope: Scope): void {
  if (--scope.budget.left >= 0) return;
  const max = STUDIO_LIMITS.maxRenderedElements;
  const where = scope.list ? ` (each="${scope.list}" repeats what it holds once per item)` : "";
  throw new ApiError(
    "invalid_variable",
    `With these values the template expands to more than ${max} elements${where}. Give shorter lists, or bound the loop with limit="…".`,
    scope.list ? { param: scope.list } : {},
  );
}

function textOf(parts: Parts, scope: Scope): string {
  return parts
    .map((part) => {
      if (typeof part === "string") return part;
      if ("expr" in part) return shown(run(part, scope)) ?? "";
      const value = valueOf(part.variable, scope) ?? "";
      return part.filter === "initials" ? initialsOf(value) : value;
    })
    .join("");
}

/** The card: the template's root inside a canvas-sized frame in the service's fonts. */
export function buildStudioElement(
  template: CompiledTemplate,
  variables: OgVariables,
  images: Readonly<Record<string, string>>,
  brand: ResolvedBrand = EMPTY_BRAND,
  canvas: { width: number; height: number } = { width: 1200, height: 630 },
): ReactElement {
  const base = { variables, images, brand, aspect: canvas.width / canvas.height };
  const layout = layoutValues(template.layout, canvas, variables.colors, (name) => variableValue(name, base));
  const scope: Scope = { ...base, layout, budget: { left: STUDIO_LIMITS.maxRenderedElements } };
  return createElement(
    "div",
    {
      style: {
        display: "flex",
        boxSizing: "border-box",
        width: "100%",
        height: "100%",
        fontFamily: FONT_FAMILY,
        color: "#000000",
      },
    },
    render(template.root, scope, 0),
  );
}

/** The template's own text (not from variables): it decides the engine and fonts too. */
export function literalTexts(template: CompiledTemplate): string[] {
  const out: string[] = [];
  const visit = (element: CompiledElement) => {
    for (const child of element.children) {
      if ("text" in child) out.push(child.text.filter((p): p is string => typeof p === "string").join(""));
      else visit(child);
    }
  };
  visit(template.root);
  return out;
}
