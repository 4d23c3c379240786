import type { Metadata } from "next";
import Link from "next/link";
import { DocsPageHeader } from "@/components/docs/page-header";
import { AccountTemplates } from "@/components/docs/account-templates";
import { TemplateVariablesTable } from "@/components/docs/template-variables";
import { ExampleCode } from "@/components/docs/example-code";
import { exampleImagePath, exampleQuery, TEMPLATE_EXAMPLES } from "@/components/site/og-examples";
import { OG_TEMPLATES } from "@/lib/og/catalog";

export const metadata: Metadata = {
  title: "OG template gallery",
  description: "Every Open Graph template with its variables and an example rendered by the API.",
};

export default function TemplatesPage() {
  return (
    <article className="prose-docs">
      <DocsPageHeader eyebrow="API reference" title="Template gallery">
        Every template of <Link href="/docs/og">GET /v1/og</Link>, its variables, and an example rendered by the API from
        the example values shown. All templates also take <code>accent</code> and <code>bgColor</code>.
      </DocsPageHeader>

      {OG_TEMPLATES.map((template) => {
        const example = TEMPLATE_EXAMPLES.find((e) => e.template === template.name)!;
        return (
          <section key={template.name} id={template.name} aria-labelledby={`${template.name}-title`} className="scroll-mt-20" data-template={template.name}>
            <h2 id={`${template.name}-title`}>
              <code className="font-mono">{template.name}</code>
            </h2>
            <p>{template.description}</p>
            <div className="not-prose space-y-4">
              {/* eslint-disable-next-line @next/next/no-img-element -- a static PNG made by the OG renderer at build time */}
              <img
                src={exampleImagePath(example)}
                alt={`Example of the ${template.name} template`}
                width={1200}
                height={630}
                loading="lazy"
                className="aspect-[1200/630] w-full max-w-3xl rounded-xl border border-slate-200 shadow-sm"
              />
              <ExampleCode caption="Query" code={`GET /v1/og?${exampleQuery(example)}`} wrap />
              <TemplateVariablesTable template={template.name} variables={template.variables} />
            </div>
          </section>
        );
      })}

      <AccountTemplates />
    </article>
  );
}
