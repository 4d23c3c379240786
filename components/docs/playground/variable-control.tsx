"use client";

import { Badge, Field, Input, Textarea } from "@/components/ui";
import { RequiredMark } from "./required-mark";
import type { OgVariable } from "@/lib/og/catalog";

const TYPE_LABEL: Record<OgVariable["type"], string> = {
  text: "text",
  color: "color",
  image_url: "https URL",
  list: "list",
  number: "number",
};

/** A form control for one OG template variable (D11 types). */
export function VariableControl({
  idPrefix,
  variable,
  value,
  onChange,
}: {
  idPrefix: string;
  variable: OgVariable;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = `${idPrefix}-var-${variable.name}`;
  const common = { id, "aria-describedby": `${id}-hint`, "data-variable": variable.name };
  let control: React.ReactNode;

  if (variable.type === "list") {
    control = (
      <Textarea
        {...common}
        rows={4}
        value={value}
        placeholder={variable.example}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  } else if (variable.type === "color") {
    const hex = /^#[0-9a-f]{6}$/i.test(value) ? value : variable.example;
    control = (
      <div className="flex gap-2">
        <Input {...common} value={value} placeholder={variable.example} onChange={(e) => onChange(e.target.value)} />
        <input
          type="color"
          aria-label={`Pick ${variable.name}`}
          value={hex}
          onChange={(e) => onChange(e.target.value)}
          className="h-10 w-12 shrink-0 cursor-pointer rounded-md border border-slate-300 bg-white p-1"
        />
      </div>
    );
  } else {
    control = (
      <Input
        {...common}
        type={variable.type === "image_url" ? "url" : "text"}
        required={variable.required}
        value={value}
        placeholder={variable.example}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  }

  return (
    <Field
      htmlFor={id}
      label={
        <>
          <code className="font-mono text-[13px]">{variable.name}</code>
          {variable.required && <RequiredMark />}
        </>
      }
      aside={<Badge>{TYPE_LABEL[variable.type]}</Badge>}
      hint={variable.description}
    >
      {control}
    </Field>
  );
}
