import type { Metadata } from "next";
import Link from "next/link";
import { DocsPageHeader } from "@/components/docs/page-header";
import { AccountTemplates } from "@/components/docs/account-templates";
import { TemplateVariablesTable } from "@/components/docs/template-variables";
import { ExampleCode } from "@/components/docs/example-code";
import { exampleImagePath, exampleQuery, TEMPLATE_EXAMPLES } from "@/components/site/og-examples";
import { OG_TEMPLATES } from "@/lib/og/catalog";

const LAYOUT_EXAMPLE = `<variables>
  <text name="title" example="Ship pixel-perfect previews" required />
  <text name="description" />
  <color name="accent" default="#6366f1" />
  <color name="bgColor" default="#0b1020" />
</variables>
<layout>
  <theme accent="accent" background="bgColor" />
  <let name="innerW" value="theme.width - 2 * theme.padX" />
  <fit name="head" text="title" width="innerW" height="theme.height * 0.5"
       max-size="min(84 * theme.u, innerW / 7)" min-size="34 * theme.u" line-height="1.12" bold />
</layout>
<div style="flex-direction: column; width: 100%; height: 100%; padding: {{theme.padY}}px {{theme.padX}}px;
            background-color: {{bgColor}}; color: {{theme.fg}}">
  <div style="font-size: {{head.size}}px; line-height: 1.12; line-clamp: {{head.clamp}}; font-weight: 700">{{title}}</div>
  <div if="description" style="font-size: {{scale(32)}}px; color: {{theme.muted}}">{{description}}</div>
</div>`;

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
          in the template language, and it draws exactly what the built-in draws for every request: the same variables (
          <code>bgColor</code> included), a long title shrunk to fit, text colours that contrast with the background,
          the card scaled to any canvas from 100 to 4096 pixels a side, and a part left out when its optional variable
          is. Its optional variables carry the built-in&apos;s examples as <code>example=&quot;…&quot;</code>: the
          editor&apos;s preview shows them, a request that leaves one out does not get it (a <code>default</code> would
          fill it in).
        </p>
        <ExampleCode
          caption="A headline that fits, in colours that suit the background, at any canvas size"
          code={LAYOUT_EXAMPLE}
        />
        <p>What the built-ins compute is written with these parts of the language:</p>
        <ul>
          <li>
            <code>&lt;layout&gt;</code> after <code>&lt;variables&gt;</code>: named values, worked out once per render
            in order (each sees the ones above it). <code>&lt;let name value&gt;</code> names a value;{" "}
            <code>&lt;fit&gt;</code> finds the largest font size from <code>max-size</code> down to{" "}
            <code>min-size</code> (in steps of 4 %) at which its <code>text</code> fits <code>width</code> ×{" "}
            <code>height</code> in at most <code>max-lines</code> lines (<code>bold</code> for bold text), as the
            built-ins do, and gives <code>head.size</code>, <code>head.clamp</code> (for <code>line-clamp</code>, which
            ends what still does not fit with an ellipsis), <code>head.lines</code> and <code>head.height</code>.
          </li>
          <li>
            <code>&lt;theme accent=&quot;accent&quot; background=&quot;bgColor&quot; /&gt;</code> derives{" "}
            <code>theme.*</code> from two color variables and the canvas, as for the built-ins: <code>theme.fg</code>{" "}
            (dark text on a light background, light on a dark one), <code>theme.muted</code>, <code>theme.faint</code>,{" "}
            <code>theme.surface</code>, <code>theme.border</code>, <code>theme.accentText</code> (the accent nudged
            until it reads on the background), <code>theme.onAccent</code>, <code>theme.bg</code>,{" "}
            <code>theme.accent</code>, <code>theme.glowOpacity</code> and <code>theme.isDark</code>;{" "}
            <code>theme.width</code>, <code>theme.height</code>, <code>theme.u</code> (1 at 1200×630, the scale of other
            canvases; a portrait canvas counts as turned), <code>theme.padX</code> and <code>theme.padY</code>. Without{" "}
            <code>&lt;theme&gt;</code> the colours are the built-ins&apos; defaults.
          </li>
          <li>
            Expressions, in <code>{"{{…}}"}</code> in a style or text and in the attributes above: numbers,{" "}
            <code>+ - * /</code>, comparisons, <code>&amp;&amp;</code>, <code>||</code>, <code>!</code>,{" "}
            <code>a ? b : c</code>, <code>a ?? b</code> (<code>a</code> when given) and the functions <code>min</code>,{" "}
            <code>max</code>, <code>round</code>, <code>floor</code>, <code>ceil</code>, <code>px(n, least)</code>,{" "}
            <code>scale(n, least)</code> (n × <code>theme.u</code>, rounded, at least <code>least</code>) and{" "}
            <code>count(list)</code>. A number where a length goes is in pixels; a quoted word goes where CSS takes that
            word (<code>{"flex-direction: {{stacked ? 'column' : 'row'}}"}</code>). Every name and type is checked when
            you save, and an expression is at most 400 characters.
          </li>
          <li>
            <code>if=&quot;description&quot;</code> on an element leaves it out, with what it holds, unless the
            expression is true (a given text, image or list, a number other than 0);{" "}
            <code>each=&quot;change_items&quot; limit=&quot;shown&quot;</code> repeats an element for at most that many
            items. A loop may hold one more loop, not two (refused when you save). With its values filled in, a card
            expands to at most 2,000 elements, counting every copy a loop makes; past that a request is answered{" "}
            <code>400 invalid_variable</code> naming the list: give shorter lists or a <code>limit</code>.
          </li>
          <li>
            <code>{"{{author | initials}}"}</code> shows the first letters of the value&apos;s first two words
            (&ldquo;Ada Lovelace&rdquo; → &ldquo;AL&rdquo;): blog-post&apos;s stand-in for a missing avatar.
          </li>
          <li>
            <code>background-image: glow({"{{accent}}"}, top-right, 0.34)</code> lights a corner (<code>top-right</code>{" "}
            or <code>bottom-right</code>) with a colour (a color variable, a brand colour or a literal) at an opacity
            from 0 to 1 (or <code>{"{{theme.glowOpacity}}"}</code>), stretched over the element as on every built-in
            card.
          </li>
        </ul>
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
