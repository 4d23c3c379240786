import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/components/ui";
import { cardClass } from "./styles";

/**
 * A dashboard table in its card (team members, audit log, the plans compared): the card scrolls
 * sideways when the table is wider than the screen. It is positioned (relative) so the rows'
 * screen-reader-only labels, positioned absolutely, scroll inside it instead of widening the page. `head` is the <thead> (usually ColumnHeads),
 * `children` the rows. `heading` sits above the table inside the card, and `labelledBy` names the
 * card by it; `cardClassName` is the card's own spacing. Other props go to the <table>.
 */
export function TableCard({
  cardClassName,
  labelledBy,
  heading,
  head,
  className,
  children,
  ...props
}: {
  cardClassName?: string;
  labelledBy?: string;
  heading?: ReactNode;
  head: ReactNode;
  children: ReactNode;
} & Omit<ComponentProps<"table">, "children">) {
  return (
    <section className={cn(cardClass, cardClassName, "relative overflow-x-auto")} aria-labelledby={labelledBy}>
      {heading}
      <table className={cn("w-full text-left text-sm", className)} {...props}>
        {head}
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </section>
  );
}
