import { Badge, Table, TBody, TD, TH, THead, TR } from "@/components/ui";
import type { ParamField } from "./playground/types";
import { WithCode } from "./inline-code";
import { PlanBadge } from "@/components/site/plan-badge";

const KIND_LABEL: Record<ParamField["kind"], string> = {
  string: "string",
  integer: "integer",
  number: "number",
  boolean: "boolean",
  enum: "string",
  url: "URL",
  list: "list",
  set: "list of names",
};

function Range({ field }: { field: ParamField }) {
  if (field.kind === "set") {
    // Each value, with the plan it needs when it needs one (formats=screenshot, D24).
    return (
      <span className="flex flex-col items-start gap-1">
        {(field.values ?? []).map((v) => {
          const plan = field.valuePlans?.[v];
          return (
            <span key={v} className="flex items-center gap-1" data-value={v}>
              <code className="rounded bg-slate-100 px-1 font-mono text-xs">{v}</code>
              {plan && plan !== "free" && <PlanBadge plan={plan} orHigher />}
            </span>
          );
        })}
      </span>
    );
  }
  if (field.kind === "enum") {
    return (
      <span className="flex flex-wrap gap-1">
        {(field.values ?? []).map((v) => (
          <code key={v} className="rounded bg-slate-100 px-1 font-mono text-xs">
            {v}
          </code>
        ))}
      </span>
    );
  }
  if (field.kind === "integer" || field.kind === "number")
    return (
      <span className="whitespace-nowrap">
        {field.min} – {field.max}
      </span>
    );
  if (field.kind === "list") {
    return (
      <span>
        <code className="font-mono text-xs">{field.pattern}</code>, each {field.min} – {field.max}
      </span>
    );
  }
  if (field.kind === "boolean") return <span>true / false (or 1 / 0)</span>;
  if (field.kind === "url") return <span>http(s), ≤ {field.max?.toLocaleString("en-US")} chars</span>;
  if (field.max !== undefined) return <span>≤ {field.max.toLocaleString("en-US")} chars</span>;
  return <span className="text-slate-500">—</span>;
}

/**
 * One row per field of an endpoint schema (describeParams), so the docs cannot drift from the
 * validator: type, default, allowed range, required plan and description all come from the schema.
 */
export function ParamTable({ fields, label }: { fields: readonly ParamField[]; label: string }) {
  return (
    <Table label={label} data-testid="param-table">
      <THead>
        <TR>
          <TH>Parameter</TH>
          <TH>Type</TH>
          <TH>Default</TH>
          <TH>Allowed</TH>
          <TH>Plan</TH>
          <TH className="min-w-72">Description</TH>
        </TR>
      </THead>
      <TBody>
        {fields.map((field) => (
          <TR
            key={field.name}
            id={`param-${field.name}`}
            data-param-row={field.name}
            className="scroll-mt-20 target:bg-brand-50/60"
          >
            <TD>
              <div className="flex flex-col items-start gap-1">
                <code className="font-mono text-[13px] font-semibold text-slate-900">{field.name}</code>
                {field.required && <Badge tone="danger">required</Badge>}
                {field.pdfOnly && <Badge>PDF only</Badge>}
              </div>
            </TD>
            <TD className="whitespace-nowrap font-mono text-xs">{KIND_LABEL[field.kind]}</TD>
            <TD className="font-mono text-xs">
              {field.default === undefined ? <span className="text-slate-500">—</span> : String(field.default)}
            </TD>
            <TD className="text-xs">
              <Range field={field} />
            </TD>
            <TD>
              {field.plan ? (
                <PlanBadge plan={field.plan} orHigher />
              ) : (
                <span className="text-xs text-slate-500">All</span>
              )}
            </TD>
            <TD>
              <WithCode text={field.description} />
              {field.example && (
                <span className="mt-1 block text-xs text-slate-500">
                  Example: <code className="font-mono">{field.example}</code>
                </span>
              )}
            </TD>
          </TR>
        ))}
      </TBody>
    </Table>
  );
}
