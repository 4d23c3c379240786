/**
 * The body of GET /v1/og/templates (D11: no key needed): every template with its variables, the
 * limits that apply to them, and a ready-to-use example query per template.
 */
import { OG_LIMITS, OG_TEMPLATES, exampleVariables } from "@/lib/og/catalog";
import { OG_FORMATS } from "@/lib/og/params";

export function templatesListing() {
  return {
    templates: OG_TEMPLATES.map((t) => ({
      name: t.name,
      description: t.description,
      variables: t.variables.map(({ name, type, required, description, example }) => ({ name, type, required, description, example })),
      exampleQuery: new URLSearchParams({ template: t.name, ...exampleVariables(t.name) }).toString(),
    })),
    limits: {
      textMaxCharacters: OG_LIMITS.textMaxChars,
      listMaxItems: OG_LIMITS.listMaxItems,
      listItemMaxCharacters: OG_LIMITS.listItemMaxChars,
      width: { min: 100, max: 4096, default: 1200 },
      height: { min: 100, max: 4096, default: 630 },
      formats: OG_FORMATS,
      renderTimeoutSeconds: 15,
    },
    variableTypes: {
      text: "URL-encoded string.",
      color: "#rgb, #rrggbb or #rrggbbaa (URL-encode # as %23, or leave it out), rgb()/rgba() or hsl()/hsla().",
      image_url: "https:// URL of a PNG, JPEG, WebP, GIF or AVIF image, fetched by the service (5 MB, 5 s).",
      list: "Newline-separated items (URL-encode the newline as %0A).",
    },
  };
}
