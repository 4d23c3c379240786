"use client";

import { Badge, Checkbox, Field, Input, Select, Textarea } from "@/components/ui";
import { PlanBadge } from "@/components/site/plan-badge";
import { defaultString } from "./query";
import { RequiredMark } from "./required-mark";
import type { ParamField } from "./types";

const LONG_TEXT = 1000; // string parameters allowed to be longer than this get a textarea (CSS, JS, HTML)

function rangeHint(field: ParamField): string | undefined {
  if ((field.kind === "integer" || field.kind === "number") && field.min !== undefined) {
    return `${field.min}–${field.max}${field.default !== undefined ? `, default ${field.default}` : ""}`;
  }
  if (field.kind === "list" && field.pattern) return `Format ${field.pattern}`;
  return undefined;
}

/** One form control for one schema parameter, chosen by the parameter's kind. */
export function ParamControl({
  idPrefix,
  field,
  value,
  onChange,
  error,
}: {
  idPrefix: string;
  field: ParamField;
  value: string;
  onChange: (value: string) => void;
  /** The API's own message for this parameter (problem+json `param`), shown on the field. */
  error?: string;
}) {
  const id = `${idPrefix}-${field.name}`;
  const hint = [field.description.replace(/`/g, ""), rangeHint(field)].filter(Boolean).join(" · ");
  const aside = (
    <span className="flex gap-1">
      {field.pdfOnly && <Badge>PDF</Badge>}
      {field.plan && <PlanBadge plan={field.plan} orHigher />}
    </span>
  );
  const common = {
    id,
    "aria-describedby": error ? `${id}-error ${id}-hint` : `${id}-hint`,
    "aria-invalid": error ? true : undefined,
    "data-param": field.name,
  };

  if (field.kind === "boolean") {
    return (
      <div className="space-y-1">
        <div className="flex items-center justify-between gap-2">
          <Checkbox
            {...common}
            label={<code className="font-mono text-[13px]">{field.name}</code>}
            checked={value === "true"}
            onChange={(e) => onChange(e.target.checked ? "true" : "false")}
          />
          {aside}
        </div>
        <p id={`${id}-hint`} className="pl-6 text-xs text-slate-500">
          {hint}
        </p>
        {error && (
          <p id={`${id}-error`} role="alert" className="pl-6 text-xs font-medium text-red-600">
            {error}
          </p>
        )}
      </div>
    );
  }

  let control: React.ReactNode;
  if (field.kind === "set") {
    // A comma list of names (formats=markdown,links, D24): one checkbox per value, in the list's order.
    const chosen = new Set(value.split(",").filter(Boolean));
    const toggle = (name: string, on: boolean) => {
      const next = new Set(chosen);
      if (on) next.add(name);
      else next.delete(name);
      onChange((field.values ?? []).filter((v) => next.has(v)).join(","));
    };
    control = (
      <div {...common} role="group" aria-label={field.name} className="flex flex-wrap gap-x-4 gap-y-2">
        {(field.values ?? []).map((v) => (
          <span key={v} className="flex items-center gap-1">
            <Checkbox
              id={`${id}-${v}`}
              data-value={v}
              label={<code className="font-mono text-[13px]">{v}</code>}
              checked={chosen.has(v)}
              onChange={(e) => toggle(v, e.target.checked)}
            />
            {field.valuePlans?.[v] && field.valuePlans[v] !== "free" && (
              <PlanBadge plan={field.valuePlans[v]!} orHigher />
            )}
          </span>
        ))}
      </div>
    );
  } else if (field.kind === "enum") {
    control = (
      <Select {...common} value={value} required={field.required} onChange={(e) => onChange(e.target.value)}>
        {field.default === undefined && <option value="">— not set —</option>}
        {(field.values ?? []).map((v) => (
          <option key={v} value={v}>
            {v}
          </option>
        ))}
      </Select>
    );
  } else if (field.kind === "integer" || field.kind === "number") {
    control = (
      <Input
        {...common}
        type="number"
        inputMode={field.kind === "integer" ? "numeric" : "decimal"}
        min={field.min}
        max={field.max}
        step={field.kind === "integer" ? 1 : "any"}
        placeholder={defaultString(field)}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  } else if (field.kind === "string" && (field.max ?? 0) > LONG_TEXT) {
    control = (
      <Textarea
        {...common}
        rows={3}
        className="font-mono text-[13px]"
        maxLength={field.max}
        value={value}
        placeholder={field.example}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  } else {
    control = (
      <Input
        {...common}
        type={field.kind === "url" ? "url" : "text"}
        required={field.required}
        maxLength={field.max}
        placeholder={field.example ?? field.pattern}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  }

  return (
    <Field
      htmlFor={id}
      label={
        <>
          <code className="font-mono text-[13px]">{field.name}</code>
          {field.required && <RequiredMark />}
        </>
      }
      hint={hint}
      error={error}
      aside={aside}
    >
      {control}
    </Field>
  );
}
