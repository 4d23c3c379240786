/**
 * The example Open Graph images shown on the landing page and in the template gallery. They are
 * rendered by Glance's own OG renderer when the site is built (app/(marketing)/examples), from
 * these variables; nothing is drawn by hand or loaded from elsewhere.
 */
import { exampleVariables, OG_TEMPLATE_NAMES, type OgTemplateName } from "@/lib/og/catalog";

export interface OgExample {
  id: string;
  template: OgTemplateName;
  variables: Record<string, string>;
  caption: string;
}

/** One per template, with the catalog's example values (what the docs gallery shows). */
export const TEMPLATE_EXAMPLES: readonly OgExample[] = OG_TEMPLATE_NAMES.map((template) => ({
  id: template,
  template,
  variables: exampleVariables(template),
  caption: `The ${template} template with its example variables`,
}));

/** Extra variations for the landing page: the same templates, other words and colours. */
export const SHOWCASE_EXAMPLES: readonly OgExample[] = [
  {
    id: "launch",
    template: "default",
    variables: {
      title: "Screenshots, PDFs and social cards from one GET request",
      description: "glance · the rendering API for developers",
      accent: "#818cf8",
      bgColor: "#0b1020",
    },
    caption: "default template, dark",
  },
  {
    id: "report",
    template: "stats-card",
    variables: {
      title: "Acme Bikes · spring sale",
      stat1_number: "1,320",
      stat1_label: "bikes sold",
      stat2_number: "−30 %",
      stat2_label: "on every helmet",
      accent: "#059669",
      bgColor: "#f8fafc",
    },
    caption: "stats-card template, light",
  },
  {
    id: "release",
    template: "changelog-card",
    variables: {
      version: "v3.0",
      title: "Dark mode, device presets and PDF headers",
      date: "This week",
      change_items:
        "darkMode=true emulates prefers-color-scheme\nfour device presets with matching user agents\nheaderTemplate and footerTemplate for PDFs",
      accent: "#f59e0b",
      bgColor: "#1c1917",
    },
    caption: "changelog-card template, warm",
  },
];

export const ALL_EXAMPLES: readonly OgExample[] = [...TEMPLATE_EXAMPLES, ...SHOWCASE_EXAMPLES];

/** Where an example is served; its query equivalent is `/v1/og?template=…&<variables>`. */
export function exampleImagePath(example: Pick<OgExample, "id">): string {
  return `/examples/og/${example.id}.png`;
}

/** The /v1/og query that produces the same image (shown next to the examples). */
export function exampleQuery(example: OgExample): string {
  return new URLSearchParams({ template: example.template, ...example.variables }).toString();
}
