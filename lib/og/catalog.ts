/**
 * The OG templates as plain data (D11): names, variables, types, limits and an example
 * per template. This one description drives variable validation, GET /v1/og/templates, the docs
 * gallery and the playground form; the JSX lives in lib/og/templates and is looked up by name.
 * No React here, so the validator and the docs can import it cheaply.
 */

type OgVariableType = "text" | "color" | "image_url" | "list" | "number";

export interface OgVariable {
  name: string;
  type: OgVariableType;
  required: boolean;
  description: string;
  example: string;
}

/** A template as variable validation sees it: a built-in one, or an account's own (lib/og/account). */
export interface OgTemplateInfo {
  name: string;
  description: string;
  variables: readonly OgVariable[];
}

export interface BuiltInTemplateInfo extends OgTemplateInfo {
  name: OgTemplateName;
}

export const OG_TEMPLATE_NAMES = ["default", "blog-post", "stats-card", "changelog-card"] as const;
export type OgTemplateName = (typeof OG_TEMPLATE_NAMES)[number];

/** D11 limits. */
export const OG_LIMITS = {
  textMaxChars: 300,
  listMaxItems: 20,
  listItemMaxChars: 200,
  imageUrlMaxChars: 2048,
  /** number variables (account templates, D21): finite and at most this large either way. */
  numberMaxAbs: 100_000,
  /** The customer's limit (ARCHITECTURE.md#the-product-contract): an OG render over 15 seconds is a 504 render_timeout (D10). */
  renderTimeoutMs: 15_000,
} as const;

const COLOR_HELP =
  "#rgb, #rrggbb, #rrggbbaa (the # may be left out; otherwise URL-encode it as %23), rgb()/rgba() or hsl()/hsla()";

/** Every template accepts these two (D11). */
const COMMON: readonly OgVariable[] = [
  { name: "accent", type: "color", required: false, description: `Accent colour (${COLOR_HELP}).`, example: "#6366f1" },
  {
    name: "bgColor",
    type: "color",
    required: false,
    description: `Background colour (${COLOR_HELP}).`,
    example: "#0f172a",
  },
];

const text = (name: string, required: boolean, description: string, example: string): OgVariable => ({
  name,
  type: "text",
  required,
  description: `${description} Up to ${OG_LIMITS.textMaxChars} characters.`,
  example,
});

export const OG_TEMPLATES: readonly BuiltInTemplateInfo[] = [
  {
    name: "default",
    description: "A headline with an optional description: the all-purpose card for any page.",
    variables: [
      text(
        "title",
        true,
        "Headline; long titles shrink to fit, then end in an ellipsis.",
        "Ship pixel-perfect previews for every page",
      ),
      text(
        "description",
        false,
        "Supporting line under the title.",
        "Open Graph images rendered in milliseconds from a template and a few query parameters.",
      ),
      ...COMMON,
    ],
  },
  {
    name: "blog-post",
    description: "An article card: title, summary and a byline with round avatar, author and date.",
    variables: [
      text(
        "title",
        true,
        "Article title; long titles shrink to fit, then end in an ellipsis.",
        "How we render Open Graph images without a browser",
      ),
      text(
        "description",
        false,
        "Short summary of the article.",
        "Fonts loaded once, no browser, and a cache in front of it all.",
      ),
      text("author", false, "Author name shown in the byline.", "Ada Lovelace"),
      {
        name: "avatar",
        type: "image_url",
        required: false,
        description: "Author photo (https only; PNG, JPEG, WebP or GIF), drawn as a circle.",
        example: "https://example.com/avatar.png",
      },
      text("date", false, "Publication date, shown as written.", "March 14, 2025"),
      ...COMMON,
    ],
  },
  {
    name: "stats-card",
    description: "One or two headline numbers with labels under a title, e.g. for launches and reports.",
    variables: [
      // Obviously fictional figures: an example must not read as a claim about Glance (issue 20).
      text("title", true, "What the numbers are about.", "Acme Coffee in 2025"),
      text("stat1_number", true, "First figure, shown large in the accent colour.", "18,240"),
      text("stat1_label", true, "Label under the first figure.", "cups poured"),
      text("stat2_number", false, "Second figure.", "4.8 ★"),
      text("stat2_label", false, "Label under the second figure.", "average review"),
      ...COMMON,
    ],
  },
  {
    name: "changelog-card",
    description: "A release card: version badge, date, title and a list of changes.",
    variables: [
      text("version", true, "Version shown in the badge.", "v2.4.0"),
      text("title", false, "Release name or headline.", "Faster renders, sharper text"),
      text("date", false, "Release date, shown as written.", "2025-03-14"),
      {
        name: "change_items",
        type: "list",
        required: false,
        description: `Changes, one per line (URL-encode the newline as %0A); at most ${OG_LIMITS.listMaxItems} items of up to ${OG_LIMITS.listItemMaxChars} characters. Items that do not fit are summarised as "+N more".`,
        example: "WebP output with quality control\nJapanese and emoji in every template\nSharper text at every size",
      },
      ...COMMON,
    ],
  },
];

const BY_NAME = new Map<string, BuiltInTemplateInfo>(OG_TEMPLATES.map((t) => [t.name, t]));

export function findTemplate(name: string): BuiltInTemplateInfo | undefined {
  return BY_NAME.get(name);
}

/** Example variables of a template (for docs, the playground and tests). */
export function exampleVariables(name: OgTemplateName): Record<string, string> {
  const info = BY_NAME.get(name);
  if (!info) throw new Error(`unknown template ${name}`);
  return Object.fromEntries(info.variables.filter((v) => v.type !== "image_url").map((v) => [v.name, v.example]));
}
