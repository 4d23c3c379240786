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
        Every template of <Link href="/docs/og">GET /v1/og</Link>, its variables, and an example rendered by the API
        from the example values shown. All templates also take <code>accent</code> and <code>bgColor</code>.
      </DocsPageHeader>

      {OG_TEMPLATES.map((template) => {
        const example = TEMPLATE_EXAMPLES.find((e) => e.template === template.name)!;
        return (
          <section
            key={template.name}
            id={template.name}
            aria-labelledby={`${template.name}-title`}
            className="scroll-mt-20"
            data-template={template.name}
          >
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

      <section id="duplicates" aria-labelledby="duplicates-title" className="scroll-mt-20">
        <h2 id="duplicates-title">Duplicating a built-in</h2>
        <p>
          In the dashboard&apos;s template editor, <em>Start from a built-in</em> gives you any template above written
          in the template language: the same variables (<code>bgColor</code> included), boxes, colours and type sizes,
          so with the same variables it draws the same pixels at 1200×630. Two parts of the language exist for it:
        </p>
        <ul>
          <li>
            <code>{"{{author | initials}}"}</code> shows the first letters of the value&apos;s first two words
            (&ldquo;Ada Lovelace&rdquo; → &ldquo;AL&rdquo;): blog-post&apos;s stand-in for a missing avatar.
          </li>
          <li>
            <code>background-image: glow({"{{accent}}"}, top-right, 0.34)</code> lights a corner (<code>top-right</code>{" "}
            or <code>bottom-right</code>) with a colour (a color variable, a brand colour or a literal) at an opacity
            from 0 to 1, stretched over the element as on every built-in card.
          </li>
        </ul>
        <p>
          A duplicate keeps what it was written with: the built-ins shrink a long title to fit, pick text colours that
          contrast with any background, scale to the canvas and leave out what a missing variable would show; a
          duplicate&apos;s sizes and colours stay as written (a long title ends in an ellipsis) until you change them.
        </p>
      </section>

      <section id="brand-kit" aria-labelledby="brand-kit-title" className="scroll-mt-20">
        <h2 id="brand-kit-title">Brand kit</h2>
        <p>
          Your account&apos;s <Link href="/dashboard/brand">brand kit</Link> holds fonts (TTF, OTF, WOFF or WOFF2,
          variable fonts too), logos and images (PNG, JPEG or SVG, converted to PNG on upload) of up to 2 MB each, and
          named colours. Your templates use them by name:
          <code>font-family: brand:heading</code>, <code>color: brand:primary</code> (anywhere a colour goes, gradients
          included) and <code>&lt;img src=&quot;brand:logo&quot; width=&quot;96&quot; height=&quot;96&quot; /&gt;</code>
          . A name your kit does not have is refused when the template is saved. Assets are stored with your account and
          read from there at render time; changing one restyles every template that uses it, and deleting one makes
          those templates answer <code>400 template_not_found</code> naming it.
        </p>
      </section>
    </article>
  );
}
