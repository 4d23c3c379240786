/**
 * Values written as literals of JSON (curl's body), JavaScript and Python, for ./build.ts: on one
 * line when they fit, else one member a line.
 */
export type Json = string | number | boolean | null | readonly Json[] | { readonly [key: string]: Json };
export type Params = { readonly [key: string]: Json };

interface Style {
  key(name: string): string;
  string(value: string): string;
  words: { true: string; false: string; null: string };
  /** Inside the braces of a one-line object: " " in JS and JSON, "" in Python. */
  pad: string;
  /** One level of indentation. */
  step: string;
}

/** A double-quoted string literal valid in JSON, JavaScript and Python. */
export const quoted = (value: string) =>
  JSON.stringify(value).replace(/[\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

export const JSON_STYLE: Style = {
  key: quoted,
  string: quoted,
  words: { true: "true", false: "false", null: "null" },
  pad: " ",
  step: "  ",
};
export const JS_STYLE: Style = { ...JSON_STYLE, key: (name) => (IDENTIFIER.test(name) ? name : quoted(name)) };
export const PY_STYLE: Style = {
  key: quoted,
  string: quoted,
  words: { true: "True", false: "False", null: "None" },
  pad: "",
  step: "    ",
};

function inline(value: Json, style: Style): string {
  if (value === null) return style.words.null;
  if (typeof value === "boolean") return value ? style.words.true : style.words.false;
  if (typeof value === "number") return String(value);
  if (typeof value === "string") return style.string(value);
  if (Array.isArray(value)) return `[${value.map((v: Json) => inline(v, style)).join(", ")}]`;
  const entries = Object.entries(value as Params);
  if (entries.length === 0) return "{}";
  const body = entries.map(([k, v]) => `${style.key(k)}: ${inline(v, style)}`).join(", ");
  return `{${style.pad}${body}${style.pad}}`;
}

export const WIDTH = 96;

/** `value` on one line when it fits after `indent`, else one member a line. */
export function literal(value: Json, style: Style, indent = ""): string {
  const one = inline(value, style);
  if (indent.length + one.length <= WIDTH || value === null || typeof value !== "object") return one;
  const inner = indent + style.step;
  if (Array.isArray(value))
    return `[\n${value.map((v: Json) => inner + literal(v, style, inner)).join(",\n")}\n${indent}]`;
  const members = Object.entries(value as Params).map(
    ([k, v]) => `${inner}${style.key(k)}: ${literal(v, style, inner)}`,
  );
  return `{\n${members.join(",\n")}\n${indent}}`;
}
