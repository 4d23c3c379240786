import type { ReactNode } from "react";
import { cn } from "@/components/ui";

/**
 * A dashboard form's labelled field (storage, webhooks, team, e-mail sign-in): the label above its
 * control and an optional hint below, whose id is `${id}-hint` for the control's
 * aria-describedby. `id` is the control's; `children` is the control (or a row holding it);
 * `className` places the field in its form's layout.
 */
export function LabelledField({
  id,
  label,
  hint,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn("space-y-1.5", className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
    </div>
  );
}
