/**
 * The request the playground makes, built from the form. One function turns form values into the
 * query string, and both the live request and the three snippets use that exact string, so what
 * you copy is what ran. Rules: schema order, then (OG) the template's variables in catalog order;
 * empty values and values equal to the schema default are left out; PDF-only parameters only
 * with format=pdf; the api_key parameter never (the key travels in the X-API-Key header), nor the
 * signed-URL parameters (D15: the signer adds them). Secret options the customer types (headers,
 * cookies, Pro) are shown and sent like any other.
 */
import type { EndpointName, FormValues, ParamField, TemplateInfo } from "./types";

export function defaultString(field: ParamField): string {
  return field.default === undefined ? "" : String(field.default);
}

/** Fields the form shows for the current values. */
export function visibleFields(fields: readonly ParamField[], values: FormValues): ParamField[] {
  return fields.filter((f) => !f.credential && !f.signing && (!f.pdfOnly || values.format === "pdf"));
}

export function initialValues(
  endpoint: EndpointName,
  fields: readonly ParamField[],
  template?: TemplateInfo,
): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    if (field.credential || field.signing) continue;
    values[field.name] = defaultString(field);
  }
  if (endpoint !== "og") values.url = "https://example.com";
  // A comparison (D27) of a page with itself a moment later: the smallest request that answers.
  if (endpoint === "diff") values.compareUrl = "https://example.com";
  if (endpoint === "og" && template) Object.assign(values, { template: template.name }, templateValues(template));
  return values;
}

/** Example values of a template's variables, images left empty (they must be reachable https URLs). */
export function templateValues(template: TemplateInfo): FormValues {
  return Object.fromEntries(
    template.variables.map((v) => [`var:${v.name}`, v.type === "image_url" || v.type === "color" ? "" : v.example]),
  );
}

export function buildQuery(fields: readonly ParamField[], values: FormValues, template?: TemplateInfo): string {
  const query = new URLSearchParams();
  for (const field of visibleFields(fields, values)) {
    const value = (values[field.name] ?? "").trim();
    if (value === "" || value === defaultString(field)) continue;
    query.append(field.name, value);
  }
  for (const variable of template?.variables ?? []) {
    const value = values[`var:${variable.name}`] ?? "";
    // Lists keep their newlines (they separate items); other variables are trimmed.
    const sent = variable.type === "list" ? value.replace(/\r\n/g, "\n").replace(/^\n+|\n+$/g, "") : value.trim();
    if (sent !== "") query.append(variable.name, sent);
  }
  return query.toString();
}

/** The file extension a response will have, for snippet output names. */
export function outputExtension(values: FormValues): string {
  return values.format || "png";
}
