/**
 * Class names for the dashboard and sign-in screens' cards and links. Buttons are the design
 * system's own (components/ui `Button`, `buttonClasses`), one vocabulary for the whole site.
 */
export const cardClass = "rounded-xl border border-slate-200 bg-white shadow-sm";

export const linkClass =
  "rounded-sm font-medium text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2";
