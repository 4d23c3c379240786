import type { InputHTMLAttributes, ReactNode } from "react";
import { cn } from "./cn";

type BoxProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & { label?: ReactNode };

/** Native checkbox with an optional inline label (the whole row is clickable). */
export function Checkbox({ className, label, id, ...rest }: BoxProps) {
  const box = (
    <input
      id={id}
      type="checkbox"
      className={cn(
        "size-4 shrink-0 rounded border-slate-300 accent-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
        !label && className,
      )}
      {...rest}
    />
  );
  if (!label) return box;
  return (
    <label
      htmlFor={id}
      className={cn("inline-flex cursor-pointer items-center gap-2 text-sm text-slate-800", className)}
    >
      {box}
      {label}
    </label>
  );
}

/**
 * On/off switch: a native checkbox with role="switch", so forms, keyboard (Space) and
 * screen readers ("switch, on") behave without JavaScript state.
 */
export function Switch({ className, label, id, ...rest }: BoxProps) {
  return (
    <label
      htmlFor={id}
      className={cn("inline-flex cursor-pointer items-center gap-2 text-sm text-slate-800", className)}
    >
      <span className="relative inline-flex">
        <input id={id} type="checkbox" role="switch" className="peer sr-only" {...rest} />
        <span
          aria-hidden
          className={cn(
            "h-5 w-9 rounded-full bg-slate-300 transition-colors peer-checked:bg-brand-600",
            "peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600",
            "peer-disabled:opacity-50",
          )}
        />
        <span
          aria-hidden
          className="absolute left-0.5 top-0.5 size-4 rounded-full bg-white shadow transition-transform peer-checked:translate-x-4"
        />
      </span>
      {label}
    </label>
  );
}
