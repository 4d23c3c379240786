/**
 * The body of GET /v1/og/templates (D11: no key needed): every template with its variables, the
 * limits that apply to them, and a ready-to-use example query per template.
 */
import { paramDoc } from "@/lib/api/params";
import { OG_LIMITS, OG_TEMPLATES, exampleVariables, type OgVariable } from "@/lib/og/catalog";
import { IMAGE_FETCH } from "@/lib/og/images";
import { formatsOf } from "@/lib/formats";
import { ogParams } from "@/lib/og/params";

/** A canvas side's range and default, as the schema has them. */
function sideOf(name: "width" | "height") {
  const { min, max, default: defaultValue } = paramDoc(ogParams, name);
  return { min, max, default: defaultValue };
}

/** A variable as the listings show it: its documented fields only, in this order. */
function listedVariable({ name, type, required, description, example }: OgVariable) {
  return { name, type, required, description, example };
}

export function templatesListing() {
  return {
    templates: OG_TEMPLATES.map((t) => ({
      name: t.name,
      description: t.description,
      variables: t.variables.map(listedVariable),
      exampleQuery: new URLSearchParams({ template: t.name, ...exampleVariables(t.name) }).toString(),
    })),
    limits: {
      textMaxCharacters: OG_LIMITS.textMaxChars,
      listMaxItems: OG_LIMITS.listMaxItems,
      listItemMaxCharacters: OG_LIMITS.listItemMaxChars,
      width: sideOf("width"),
      height: sideOf("height"),
      formats: formatsOf("og"),
      renderTimeoutSeconds: OG_LIMITS.renderTimeoutMs / 1000,
    },
    variableTypes: {
      text: "URL-encoded string.",
      color: "#rgb, #rrggbb or #rrggbbaa (URL-encode # as %23, or leave it out), rgb()/rgba() or hsl()/hsla().",
      image_url: `https:// URL of a PNG, JPEG, WebP, GIF or AVIF image, fetched by the service (${IMAGE_FETCH.maxBytes / 1024 / 1024} MB, ${IMAGE_FETCH.timeoutMs / 1000} s).`,
      list: "Newline-separated items (URL-encode the newline as %0A).",
      number: "A decimal number (account templates), at most 100000 either way.",
    },
    accountTemplateRules: ACCOUNT_TEMPLATE_RULES,
  };
}

/**
 * How an account template's variables work (D21), for the listing and OpenAPI: one text so the
 * two never disagree.
 */
export const ACCOUNT_TEMPLATE_RULES =
  "Account templates (designed in the dashboard, called as template=<name> with the account's key) declare their " +
  "variables with a type (text, color, image_url, list, number), optionally required and with a default. A query " +
  "value is validated by its type exactly as for the built-in templates; a declared default fills an omitted " +
  "variable; a variable the template does not declare is a 400 invalid_variable. A template of another account is " +
  "a 400 template_not_found, as for a name nobody has. Fonts, images and colours of the account's brand kit are " +
  "part of the template (brand:<name>), never query values; a template whose brand asset was deleted answers " +
  "400 template_not_found naming the asset.";

/** The account's own templates in the listing's shape, with their example queries. */
export function accountTemplatesListing(
  templates: ReadonlyArray<{ name: string; description: string; version: number; variables: readonly OgVariable[] }>,
) {
  return templates.map((t) => ({
    name: t.name,
    description: t.description,
    version: t.version,
    variables: t.variables.map(listedVariable),
    exampleQuery: new URLSearchParams({
      template: t.name,
      ...Object.fromEntries(
        t.variables.filter((v) => v.example && v.type !== "image_url").map((v) => [v.name, v.example]),
      ),
    }).toString(),
  }));
}
