/**
 * Class names for the dashboard and sign-in screens, on top of the design system (components/ui):
 * buttons come from its buttonClasses, so the dashboard looks like the rest of the site.
 */
import { buttonClasses, type ButtonVariant as UiVariant } from "@/components/ui";

export type ButtonVariant = "primary" | "secondary" | "danger" | "ghost";

const VARIANTS: Record<ButtonVariant, UiVariant> = { primary: "primary", secondary: "outline", danger: "danger", ghost: "ghost" };

export function buttonClass(variant: ButtonVariant = "primary", extra?: string): string {
  return buttonClasses({ variant: VARIANTS[variant] }, extra);
}

export const cardClass = "rounded-xl border border-slate-200 bg-white shadow-sm";

export const linkClass =
  "rounded-sm font-medium text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2";
