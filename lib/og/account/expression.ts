/**
 * Expressions of account templates (D21, D33 point 8): what `{{…}}` holds when it is more than a
 * variable's name, an element's `if`, an `each`'s `limit` and the `<let>`/`<fit>` entries of a
 * `<layout>` block. Arithmetic on numbers, comparisons, `&&` `||` `!`, `a ? b : c`, `a ?? b`
 * and a few functions — enough to write the built-in cards' own layout arithmetic, nothing that
 * loops, loads or builds large values: an expression is at most EXPRESSION_MAX_CHARS long,
 * nests at most MAX_DEPTH deep, every name is checked and typed when the template is saved, and
 * a result that is not a finite number is 0.
 */
import { px } from "@/lib/og/templates/theme";
import { TemplateError } from "@/lib/og/account/markup";
import { FUNCTIONS } from "@/lib/og/account/vocabulary";

export type Expr =
  | { k: "num"; v: number }
  | { k: "str"; v: string }
  | { k: "ref"; name: string }
  | { k: "not" | "neg"; a: Expr }
  | { k: "bin"; op: BinOp; a: Expr; b: Expr }
  | { k: "call"; fn: FnName; args: Expr[] }
  | { k: "cond"; test: Expr; then: Expr; else: Expr };

type BinOp = "+" | "-" | "*" | "/" | "<" | "<=" | ">" | ">=" | "==" | "!=" | "&&" | "||" | "??";
/** Static types: `keyword` is a quoted CSS word ('column'), checked against the property it fills. */
export type ExprType = "number" | "bool" | "text" | "color" | "keyword" | "list" | "image";
export type Value = number | string | boolean | undefined | readonly string[];

type FnName = keyof typeof FUNCTIONS;

const EXPRESSION_MAX_CHARS = 400;
const MAX_DEPTH = 24;
const TOKEN =
  /\s*(\d+(?:\.\d+)?|\.\d+|[a-zA-Z_][a-zA-Z0-9_]*(?:\.[a-zA-Z][a-zA-Z0-9]*)?|'[^']*'|"[^"]*"|\?\?|&&|\|\||[<>!=]=|[-+*/()<>!?:,])/y;
const OPERATORS: BinOp[][] = [["??"], ["||"], ["&&"], ["<", "<=", ">", ">=", "==", "!="], ["+", "-"], ["*", "/"]];

/** Parses and types `source`; `typeOf` gives each name's type (undefined: unknown name). */
export function parseExpression(
  source: string,
  line: number,
  typeOf: (name: string) => ExprType | undefined,
): { expr: Expr; type: ExprType } {
  const fail = (why: string) => new TemplateError(line, `In "${source.slice(0, 60)}": ${why}`);
  if (source.length > EXPRESSION_MAX_CHARS) throw fail(`an expression is at most ${EXPRESSION_MAX_CHARS} characters.`);
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < source.length) {
    const at = TOKEN.lastIndex;
    const match = TOKEN.exec(source);
    if (!match) {
      if (!source.slice(at).trim()) break;
      throw fail(`cannot read "${source.slice(at).trim().slice(0, 12)}".`);
    }
    tokens.push(match[1]);
  }
  let pos = 0;
  const peek = () => tokens[pos];
  const take = (want?: string) => {
    const token = tokens[pos];
    if (token === undefined || (want && token !== want))
      throw fail(want ? `"${want}" expected.` : "it ends too early.");
    pos++;
    return token;
  };

  const ternary = (depth: number): [Expr, ExprType] => {
    if (depth > MAX_DEPTH) throw fail(`it nests more than ${MAX_DEPTH} deep.`);
    const [test, testType] = binary(0, depth);
    if (peek() !== "?") return [test, testType];
    take("?");
    const [then, a] = ternary(depth + 1);
    take(":");
    const [otherwise, b] = ternary(depth + 1);
    if (a !== b) throw fail(`both sides of "? :" must be of one type (${a} and ${b}).`);
    return [{ k: "cond", test, then, else: otherwise }, a];
  };

  const binary = (level: number, depth: number): [Expr, ExprType] => {
    if (level === OPERATORS.length) return unary(depth);
    let [a, aType] = binary(level + 1, depth);
    while (OPERATORS[level].includes(peek() as BinOp)) {
      const op = take() as BinOp;
      const [b, bType] = binary(level + 1, depth);
      a = { k: "bin", op, a, b };
      aType = resultOf(op, aType, bType, fail);
    }
    return [a, aType];
  };

  const unary = (depth: number): [Expr, ExprType] => {
    if (depth > MAX_DEPTH) throw fail(`it nests more than ${MAX_DEPTH} deep.`);
    const token = peek();
    if (token === "!") {
      take();
      return [{ k: "not", a: unary(depth + 1)[0] }, "bool"];
    }
    if (token === "-") {
      take();
      const [a, type] = unary(depth + 1);
      if (type !== "number") throw fail(`"-" takes a number, not ${type}.`);
      // A negated literal stays a literal: -0.02 × size is the built-ins' (-0.02) × size.
      return [a.k === "num" ? { k: "num", v: -a.v } : { k: "neg", a }, "number"];
    }
    return primary(depth);
  };

  const primary = (depth: number): [Expr, ExprType] => {
    const token = take();
    if (token === "(") {
      const inner = ternary(depth + 1);
      take(")");
      return inner;
    }
    if (/^[\d.]/.test(token)) return [{ k: "num", v: Number(token) }, "number"];
    if (/^['"]/.test(token)) return [{ k: "str", v: token.slice(1, -1) }, "keyword"];
    if (!/^[a-zA-Z_]/.test(token)) throw fail(`"${token}" is out of place.`);
    if (peek() === "(") {
      if (!Object.hasOwn(FUNCTIONS, token))
        throw fail(`${token}() is not a function; use ${Object.keys(FUNCTIONS).join(", ")}.`);
      const fn = token as FnName;
      take("(");
      const args: Array<[Expr, ExprType]> = [];
      while (peek() !== ")") {
        if (args.length) take(",");
        args.push(ternary(depth + 1));
      }
      take(")");
      const [least, most] = FUNCTIONS[fn].args;
      if (args.length < least || args.length > most)
        throw fail(`${fn}() takes ${least === most ? least : `${least} to ${most}`} argument${most > 1 ? "s" : ""}.`);
      const want = fn === "count" ? "list" : "number";
      if (args.some(([, type]) => type !== want))
        throw fail(`${fn}() takes ${want === "list" ? "a list variable" : "numbers"}.`);
      return [{ k: "call", fn, args: args.map(([e]) => e) }, "number"];
    }
    const type = typeOf(token);
    if (!type) throw fail(`${token} is not a declared variable or a name of the <layout> block.`);
    return [{ k: "ref", name: token }, type!];
  };

  if (!tokens.length) throw fail("it is empty.");
  const [expr, type] = ternary(0);
  if (pos < tokens.length) throw fail(`"${tokens[pos]}" is out of place.`);
  return { expr, type };
}

function resultOf(op: BinOp, a: ExprType, b: ExprType, fail: (why: string) => TemplateError): ExprType {
  if (op === "&&" || op === "||") return "bool";
  if (op === "??") {
    if (a !== b) throw fail(`both sides of "??" must be of one type (${a} and ${b}).`);
    return a;
  }
  if (a !== "number" || b !== "number") throw fail(`"${op}" takes numbers (got ${a} and ${b}).`);
  return "+-*/".includes(op) ? "number" : "bool";
}

/** Whether a value counts as given: a non-empty text or list, a non-zero number, true. */
export function truthy(value: Value): boolean {
  if (value === undefined) return false;
  if (typeof value === "object") return value.length > 0;
  return Boolean(value);
}

const finite = (n: number) => (Number.isFinite(n) ? n : 0);
const num = (value: Value) => (typeof value === "number" ? value : Number(value ?? 0));

/** Evaluates a checked expression; `lookup` gives a name's value (`theme.u` among them). */
export function evaluate(expr: Expr, lookup: (name: string) => Value): Value {
  const run = (e: Expr) => evaluate(e, lookup);
  switch (expr.k) {
    case "num":
    case "str":
      return expr.v;
    case "ref":
      return lookup(expr.name);
    case "not":
      return !truthy(run(expr.a));
    case "neg":
      return finite(-num(run(expr.a)));
    case "cond":
      return truthy(run(expr.test)) ? run(expr.then) : run(expr.else);
    case "call": {
      const args = expr.args.map(run);
      if (expr.fn === "count") return (args[0] as readonly string[] | undefined)?.length ?? 0;
      const n = args.map(num);
      if (expr.fn === "scale") return px(finite(n[0] * num(lookup("theme.u"))), n[1] ?? 0);
      if (expr.fn === "px") return px(n[0], n[1] ?? 0);
      if (expr.fn === "min") return finite(Math.min(...n));
      if (expr.fn === "max") return finite(Math.max(...n));
      return finite(expr.fn === "round" ? Math.round(n[0]) : expr.fn === "floor" ? Math.floor(n[0]) : Math.ceil(n[0]));
    }
    case "bin": {
      const a = run(expr.a);
      if (expr.op === "&&") return truthy(a) && truthy(run(expr.b));
      if (expr.op === "||") return truthy(a) || truthy(run(expr.b));
      if (expr.op === "??") return a !== undefined ? a : run(expr.b);
      const x = num(a);
      const y = num(run(expr.b));
      switch (expr.op) {
        case "+":
          return finite(x + y);
        case "-":
          return finite(x - y);
        case "*":
          return finite(x * y);
        case "/":
          return finite(x / y);
        case "<":
          return x < y;
        case "<=":
          return x <= y;
        case ">":
          return x > y;
        case ">=":
          return x >= y;
        case "==":
          return x === y;
        case "!=":
          return x !== y;
      }
    }
  }
}

/** The quoted words an expression can yield: each must be valid where it is used. */
export function keywordsOf(expr: Expr): string[] {
  if (expr.k === "str") return [expr.v];
  if (expr.k === "cond") return [...keywordsOf(expr.then), ...keywordsOf(expr.else)];
  if (expr.k === "bin" && expr.op === "??") return [...keywordsOf(expr.a), ...keywordsOf(expr.b)];
  return [];
}
