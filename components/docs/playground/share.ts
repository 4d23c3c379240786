/**
 * Shareable playground state (D22): the docs page's own query string is the request the form
 * would send — the exact string buildQuery makes, so a link to `/docs/screenshot?url=…&width=800`
 * opens a form whose snippet is `GET /v1/screenshot?url=…&width=800`. Keys, signing secrets and
 * every `secret` or signing parameter never reach it (buildQuery leaves them out, and they are
 * ignored when a link is read). "Open in playground" links elsewhere are built the same way.
 */
import { buildQuery, initialValues } from "./query";
import type { EndpointName, FormValues, ParamField, TemplateInfo } from "./types";

/** The docs page that holds each endpoint's playground, and the form's anchor on it. */
const PLAYGROUND_PAGES: Record<EndpointName, string> = {
  screenshot: "/docs/screenshot",
  og: "/docs/og",
  content: "/docs/content",
  diff: "/docs/monitors",
  animate: "/docs/animate",
  map: "/docs/crawl",
};

/** A link that opens the playground with this /v1 query (as sent: a string or URLSearchParams) filled in. */
export function playgroundHref(endpoint: EndpointName, query: string | URLSearchParams): string {
  const text = typeof query === "string" ? query.replace(/^\?/, "") : query.toString();
  return `${PLAYGROUND_PAGES[endpoint]}${text ? `?${text}` : ""}#playground`;
}

/**
 * The form values a shared query describes, or null when the query is not a playground request
 * (empty, or only names the form does not have, such as a campaign tag). A shared query is the
 * whole request: what it leaves out is the schema default or empty, never an example value, so
 * the restored form sends the same query again. On the OG page every name that is not a
 * parameter is a template variable (the template, possibly an account's own, may load later).
 */
export function valuesFromQuery(
  endpoint: EndpointName,
  fields: readonly ParamField[],
  params: URLSearchParams,
  startingTemplate?: TemplateInfo,
): FormValues | null {
  const byName = new Map(fields.map((f) => [f.name, f]));
  const known = [...params.keys()].some((name) => {
    const field = byName.get(name);
    return field && !field.secret && !field.signing;
  });
  if (!known) return null;
  // Without a template the link is not the playground's own (it always names one): start from the page's.
  const values = initialValues(endpoint, fields, params.has("template") ? undefined : startingTemplate);
  if (endpoint !== "og") values.url = "";
  for (const [name, value] of params) {
    const field = byName.get(name);
    if (field) {
      if (!field.secret && !field.signing) values[name] = value;
    } else if (endpoint === "og") {
      values[`var:${name}`] = value;
    }
  }
  return values;
}

/**
 * The parameters a link never carries: the secret ones (api_key; headers and cookies, which may
 * hold credentials for the target; proxy, which holds the proxy's, D41) and the signed-URL fields (key_id, expires, signature), which
 * belong to one signer and one moment. A unit test keeps this list equal to the schemas' secret
 * and signing parameters.
 */
export const NEVER_LINKED = ["api_key", "headers", "cookies", "proxy", "key_id", "expires", "signature"] as const;

/**
 * The "Open in playground" link for a code example, or null when it shows no GET request to
 * /v1/screenshot, /v1/og, /v1/content or /v1/animate (a POST body, a function call). Reads the first such URL in the code,
 * `&amp;` as in HTML examples too, and leaves out what NEVER_LINKED names.
 */
export function playgroundLinkIn(code: string): string | null {
  const match = /\/v1\/(screenshot|og|content|animate)\?([^\s'"<>`]+)/.exec(code);
  if (!match) return null;
  const params = new URLSearchParams(match[2].replaceAll("&amp;", "&"));
  for (const name of NEVER_LINKED) params.delete(name);
  return playgroundHref(match[1] as EndpointName, params);
}

/**
 * The query a link carries: the form's request without its secret parameters. The form sends
 * headers and cookies (credentials for the target) when typed, but an address is copied, logged
 * and kept in history, so they never go into one.
 */
export function linkQuery(
  fields: readonly ParamField[],
  values: FormValues,
  template: TemplateInfo | undefined,
): string {
  return buildQuery(
    fields.filter((f) => !f.secret),
    values,
    template,
  );
}

/** The absolute address of the playground showing this form (the "Copy link" button's value). */
export function shareUrl(
  origin: string,
  endpoint: EndpointName,
  fields: readonly ParamField[],
  values: FormValues,
  template: TemplateInfo | undefined,
): string {
  return `${origin}${playgroundHref(endpoint, linkQuery(fields, values, template))}`;
}

/** The query the page URL should carry: empty while the form is as the page first showed it. */
export function sharedQuery(
  fields: readonly ParamField[],
  values: FormValues,
  template: TemplateInfo | undefined,
  startingQuery: string,
): string {
  const query = linkQuery(fields, values, template);
  return query === startingQuery ? "" : query;
}
