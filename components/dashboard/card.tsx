import type { HTMLAttributes, ReactNode } from "react";
import { cn } from "@/components/ui";
import { cardClass } from "./styles";

/**
 * A dashboard card: a section named by its heading (`id` links the two for screen readers).
 * `titleClassName` sets the space under the heading where the card's content needs it.
 */
export function DashboardCard({
  id,
  title,
  className,
  titleClassName,
  children,
  ...rest
}: Omit<HTMLAttributes<HTMLElement>, "title"> & { id: string; title: ReactNode; titleClassName?: string }) {
  return (
    <section className={cn(cardClass, className)} aria-labelledby={id} {...rest}>
      <h2 id={id} className={cn(titleClassName, "text-lg font-semibold text-slate-900")}>
        {title}
      </h2>
      {children}
    </section>
  );
}
