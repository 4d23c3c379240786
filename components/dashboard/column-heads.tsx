import type { ComponentProps } from "react";

/**
 * One column's heading: its name, and the cell's classes where the column differs from the rest
 * (hidden on small screens, right-aligned numbers). `hidden` names it for screen readers only (a
 * column of buttons needs a name, but a visible one would say nothing).
 */
export type ColumnHead = string | { name: string; className?: string; hidden?: boolean };

const HEAD_CLASS = "border-b border-slate-200 text-xs uppercase text-slate-500";
const CELL_CLASS = "px-4 py-3 font-medium";

/**
 * The heading row of the dashboard's tables (team members, audit log, API keys, daily usage): one
 * column per head. The table's own look, if any, is `className` (whole head) and `cellClassName`
 * (each cell, unless its column says otherwise); other props go to the <thead>.
 */
export function ColumnHeads({
  names,
  className = HEAD_CLASS,
  cellClassName = CELL_CLASS,
  ...props
}: { names: readonly ColumnHead[]; cellClassName?: string } & Omit<ComponentProps<"thead">, "children">) {
  return (
    <thead className={className} {...props}>
      <tr>
        {names.map((head) => {
          const {
            name,
            className: cell = cellClassName,
            hidden = false,
          } = typeof head === "string" ? { name: head } : head;
          return (
            <th key={name} scope="col" className={cell}>
              {hidden ? <span className="sr-only">{name}</span> : name}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
