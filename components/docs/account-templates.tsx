"use client";

import Link from "next/link";
import { ExampleCode } from "./example-code";
import { useSession } from "@/components/site/use-session";
import { useAccountTemplates } from "./playground/account-templates";
import { TemplateVariablesTable } from "./template-variables";

/**
 * The gallery's "Your templates" (D21): a signed-in visitor's own templates with their variables,
 * from the playground's session route. Visitors are told where their templates would appear.
 */
export function AccountTemplates() {
  const session = useSession();
  const templates = useAccountTemplates(session.status === "signed-in");
  return (
    <section
      id="your-templates"
      aria-labelledby="your-templates-title"
      className="scroll-mt-20"
      data-testid="account-templates"
    >
      <h2 id="your-templates-title">Your templates</h2>
      {session.status !== "signed-in" ? (
        <p>
          Templates you design in the dashboard are called by name like these; <Link href="/signin">signed in</Link>,
          yours are listed here and in the <Link href="/docs/og#playground">playground</Link>.
        </p>
      ) : templates.length === 0 ? (
        <p>
          You have no templates of your own yet: design one in <Link href="/dashboard/templates">the dashboard</Link>,
          starting from any template below.
        </p>
      ) : (
        templates.map((template) => (
          <div key={template.name} className="not-prose mb-8 space-y-3" data-account-template={template.name}>
            <h3 className="text-lg font-semibold text-slate-900">
              <code className="font-mono">{template.name}</code>
            </h3>
            {template.description && <p className="text-sm text-slate-600">{template.description}</p>}
            <ExampleCode caption="Query" code={`GET /v1/og?template=${encodeURIComponent(template.name)}`} wrap />
            <TemplateVariablesTable template={template.name} variables={template.variables} />
          </div>
        ))
      )}
    </section>
  );
}
