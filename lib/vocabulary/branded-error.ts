/**
 * Error classes that `instanceof` recognises across copies of their module (D30).
 *
 * The production server holds some modules more than once. Next compiles instrumentation.ts, the
 * route handlers and the server-rendered pages as separate layers, each with its own instance of
 * every module they share, and scripts/server.ts loads lib/edge through tsx beside them. A
 * process-wide singleton is made by whichever copy runs first — lib/browser's state (queue,
 * browsers, spares) by the warm-up in instrumentation.ts — and then throws that copy's errors into
 * requests handled by another copy, where a plain `instanceof` is false: a 503 renderer_busy
 * became a 500 internal_error. A BrandedError carries the brands of its class chain under a
 * `Symbol.for` key, which every copy (and realm) shares, and `instanceof` compares brands, not
 * class objects. Every error class of the app extends it (tests/unit/api/branded-errors.test.ts).
 */
const BRANDS = Symbol.for("glance.error.brands");

type Branded = { readonly brand: string };

export class BrandedError extends Error {
  /** Unique in the app; what `instanceof` compares. Every subclass declares its own. */
  static readonly brand: string = "glance.BrandedError";

  constructor(message?: string, options?: ErrorOptions) {
    super(message, options);
    const brands: string[] = [];
    for (let c: unknown = new.target; c && c !== Error; c = Object.getPrototypeOf(c)) {
      if (Object.hasOwn(c as object, "brand")) brands.push((c as Branded).brand);
    }
    Object.defineProperty(this, BRANDS, { value: Object.freeze(brands) });
  }

  /** `value instanceof X` for X a BrandedError class: true when `value` was made by any copy of X (or a subclass). */
  static [Symbol.hasInstance]<T>(this: abstract new (...args: never[]) => T, value: unknown): value is T {
    if (value === null || (typeof value !== "object" && typeof value !== "function")) return false;
    const brands = (value as { [BRANDS]?: unknown })[BRANDS];
    return Array.isArray(brands) && brands.includes((this as unknown as Branded).brand);
  }
}
