import { Badge, Table, TBody, TD, TH, THead, TR } from "@/components/ui";
import type { OgVariable } from "@/lib/og/catalog";

type VariableRow = Pick<OgVariable, "name" | "type" | "required" | "description" | "example">;

/** A template's variables as the gallery shows them, for built-in and account templates alike. */
export function TemplateVariablesTable({
  template,
  variables,
}: {
  template: string;
  variables: readonly VariableRow[];
}) {
  return (
    <Table label={`Variables of ${template}`}>
      <THead>
        <TR>
          <TH>Variable</TH>
          <TH>Type</TH>
          <TH className="min-w-72">Description</TH>
          <TH>Example</TH>
        </TR>
      </THead>
      <TBody>
        {variables.map((v) => (
          <TR key={v.name} data-variable-row={v.name}>
            <TD>
              <div className="flex flex-col items-start gap-1">
                <code className="font-mono text-[13px] font-semibold text-slate-900">{v.name}</code>
                {v.required && <Badge tone="danger">required</Badge>}
              </div>
            </TD>
            <TD className="font-mono text-xs">{v.type}</TD>
            <TD>{v.description}</TD>
            <TD className="max-w-64 whitespace-pre-line break-words font-mono text-xs">{v.example}</TD>
          </TR>
        ))}
      </TBody>
    </Table>
  );
}
