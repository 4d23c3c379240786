"use client";
/**
 * The OG playground's template picker (built-in templates, then the account's own, D21) and the
 * chosen template's variables, each a control of its type.
 */
import { Field, Select } from "@/components/ui";
import { RequiredMark } from "./required-mark";
import type { FormValues, TemplateInfo } from "./types";
import { VariableControl } from "./variable-control";

export function TemplateFields({
  picker,
  idPrefix,
  templates,
  ownNames,
  template,
  values,
  onChooseTemplate,
  onChange,
}: {
  /** Whether the endpoint takes a template (the variables show whenever one is chosen). */
  picker: boolean;
  idPrefix: string;
  templates: readonly TemplateInfo[];
  ownNames: ReadonlySet<string>;
  template: TemplateInfo | undefined;
  values: FormValues;
  onChooseTemplate: (name: string) => void;
  onChange: (name: string, value: string) => void;
}) {
  return (
    <>
      {picker && (
        <Field
          htmlFor={`${idPrefix}-template`}
          label={
            <>
              <code className="font-mono text-[13px]">template</code>
              <RequiredMark />
            </>
          }
          hint={template?.description}
        >
          <Select
            id={`${idPrefix}-template`}
            aria-describedby={`${idPrefix}-template-hint`}
            data-param="template"
            value={values.template}
            onChange={(e) => onChooseTemplate(e.target.value)}
          >
            {templates.map((t) => (
              <option key={t.name} value={t.name}>
                {ownNames.has(t.name) ? `${t.name} (yours)` : t.name}
              </option>
            ))}
          </Select>
        </Field>
      )}
      {template && (
        <fieldset className="space-y-4 rounded-lg border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold text-slate-900">Template variables</legend>
          {template.variables.map((variable) => (
            <VariableControl
              key={`${template.name}-${variable.name}`}
              idPrefix={idPrefix}
              variable={variable}
              value={values[`var:${variable.name}`] ?? ""}
              onChange={(value) => onChange(`var:${variable.name}`, value)}
            />
          ))}
        </fieldset>
      )}
    </>
  );
}
