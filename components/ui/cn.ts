import { clsx, type ClassValue } from "clsx";

/** Joins class names; falsy values are dropped. Primitives put the caller's className last. */
export function cn(...values: ClassValue[]): string {
  return clsx(values);
}
