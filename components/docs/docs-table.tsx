import type { ReactNode } from "react";
import { Table, TBody, TH, THead, TR } from "@/components/ui";

/** A table in a docs page's prose: its label for screen readers, its column headings, its rows. */
export function DocsTable({
  label,
  columns,
  children,
}: {
  label: string;
  columns: readonly string[];
  children: ReactNode;
}) {
  return (
    <div className="not-prose">
      <Table label={label}>
        <THead>
          <TR>
            {columns.map((column) => (
              <TH key={column}>{column}</TH>
            ))}
          </TR>
        </THead>
        <TBody>{children}</TBody>
      </Table>
    </div>
  );
}
