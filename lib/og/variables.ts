/**
 * Validation of OG template variables (D11): every
 * query parameter outside the endpoint schema is checked against the chosen template's variable
 * list. Anything wrong is a 400 naming the variable in `param`, before any plan gate or render.
 */
import { closestName } from "@/lib/api/closest-name";
import { ApiError } from "@/lib/vocabulary/errors";
import {
  findTemplate,
  OG_LIMITS,
  OG_TEMPLATE_NAMES,
  type BuiltInTemplateInfo,
  type OgTemplateInfo,
  type OgVariable,
} from "@/lib/og/catalog";
import { parseColor, toHex, type Rgba } from "@/lib/og/colors";
import { isAllowedOrigin } from "@/lib/net/policy";

/** Variables after validation, typed per variable kind. */
export interface OgVariables {
  text: Record<string, string>;
  colors: Record<string, Rgba>;
  /** image_url variables: WHATWG-serialized https URLs, fetched only when rendering. */
  images: Record<string, string>;
  lists: Record<string, string[]>;
}

export interface ValidatedTemplate<T extends OgTemplateInfo = OgTemplateInfo> {
  template: T;
  variables: OgVariables;
  /** Canonical string form of every given variable, sorted by name: the cache key's input. */
  canonical: Record<string, string>;
}

/**
 * The one answer for a name that is no template the caller can use: unknown, or another
 * account's (which must be indistinguishable from unknown).
 */
export function templateNotFound(name: string): ApiError {
  return new ApiError(
    "template_not_found",
    `There is no template named "${clip(name, 64)}". Built-in templates: ${OG_TEMPLATE_NAMES.join(", ")}; your account's are listed by GET /v1/og/templates with your key.`,
    { param: "template" },
  );
}

function resolveTemplate(name: string): BuiltInTemplateInfo {
  const template = findTemplate(name);
  if (!template) throw templateNotFound(name);
  return template;
}

/** Validates raw query values against the template; throws ApiError 400 on the first problem. */
export function validateVariables<T extends OgTemplateInfo = BuiltInTemplateInfo>(
  templateOrName: string | T,
  raw: Readonly<Record<string, string>>,
): ValidatedTemplate<T> {
  const template = (typeof templateOrName === "string" ? resolveTemplate(templateOrName) : templateOrName) as T;
  const known = new Map(template.variables.map((v) => [v.name, v]));

  for (const name of Object.keys(raw)) {
    if (!known.has(name)) throw unknownVariable(template, name);
  }

  const variables: OgVariables = { text: {}, colors: {}, images: {}, lists: {} };
  const canonical: Record<string, string> = {};
  for (const variable of template.variables) {
    const value = raw[variable.name];
    if (value === undefined || value.trim() === "") {
      if (variable.required)
        throw invalid(variable.name, `${variable.name} is required by the ${template.name} template.`);
      continue;
    }
    canonical[variable.name] = parseInto(variables, variable, value);
  }
  return { template, variables, canonical: sortKeys(canonical) };
}

/** Stores the parsed value in `into` and returns its canonical string form. */
function parseInto(into: OgVariables, variable: OgVariable, value: string): string {
  const { name } = variable;
  switch (variable.type) {
    case "text": {
      // The limit counts the value as received (code points, after URL decoding), not the
      // whitespace-collapsed form drawn on the card: 301 characters are refused however spaced.
      const length = codePoints(value);
      if (length > OG_LIMITS.textMaxChars) {
        throw invalid(name, `${name} must be at most ${OG_LIMITS.textMaxChars} characters (got ${length}).`);
      }
      const text = cleanText(value);
      if (text.length === 0) throw invalid(name, `${name} must contain visible text.`);
      into.text[name] = text;
      return text;
    }
    case "color": {
      const color = parseColor(value);
      if (!color) {
        throw invalid(
          name,
          `${name} must be a colour: #rgb, #rrggbb, #rrggbbaa, rgb()/rgba() or hsl()/hsla() (URL-encode # as %23, or leave it out), with channels 0–255 or 0–100%, saturation and lightness 0–100%, alpha 0–1 or 0–100%.`,
        );
      }
      into.colors[name] = color;
      return toHex(color);
    }
    case "image_url": {
      const url = parseHttpsUrl(name, value);
      into.images[name] = url;
      return url;
    }
    case "list": {
      const items = parseList(name, value);
      into.lists[name] = items;
      return items.join("\n");
    }
    case "number": {
      // Kept with the text variables, in canonical form: account templates show it or use it as a length.
      const number = Number(value.trim());
      if (!Number.isFinite(number) || Math.abs(number) > OG_LIMITS.numberMaxAbs) {
        throw invalid(
          name,
          `${name} must be a number between -${OG_LIMITS.numberMaxAbs} and ${OG_LIMITS.numberMaxAbs}.`,
        );
      }
      into.text[name] = String(number);
      return String(number);
    }
  }
}

/**
 * Line breaks, tabs and runs of spaces in text variables collapse to one space (a card is laid
 * out by the template, not by the caller's whitespace); other control characters are dropped.
 */
function cleanText(value: string): string {
  return value
    .replace(/[\u0000-\u0008\u000e-\u001f\u007f-\u009f\u200b\u2028\u2029\ufeff]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

function parseHttpsUrl(name: string, value: string): string {
  const trimmed = value.trim();
  if (trimmed.length > OG_LIMITS.imageUrlMaxChars) {
    throw invalid(name, `${name} must be at most ${OG_LIMITS.imageUrlMaxChars} characters.`);
  }
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw invalid(name, `${name} must be an absolute https:// URL of an image.`);
  }
  // http only for origins an operator allow-listed (D9's ALLOW_PRIVATE_ORIGINS: self-hosting, tests).
  if (url.protocol !== "https:" && !(url.protocol === "http:" && isAllowedOrigin(url))) {
    throw invalid(name, `${name} must use https (got ${url.protocol.replace(/:$/, "")}).`);
  }
  if (url.username || url.password) throw invalid(name, `${name} must not contain a user name or password.`);
  return url.href;
}

/**
 * `_items` lists: one item per line; blank lines are ignored (a trailing %0A is common). Like
 * text, an item's length limit counts its line as received, before whitespace is collapsed.
 */
function parseList(name: string, value: string): string[] {
  const items = value
    .split(/\r\n|\r|\n/)
    .map((raw) => ({ raw, text: cleanText(raw) }))
    .filter((item) => item.text.length > 0);
  if (items.length === 0) throw invalid(name, `${name} must contain at least one item (one per line).`);
  if (items.length > OG_LIMITS.listMaxItems) {
    throw invalid(name, `${name} may have at most ${OG_LIMITS.listMaxItems} items (got ${items.length}).`);
  }
  items.forEach(({ raw }, i) => {
    const length = codePoints(raw);
    if (length > OG_LIMITS.listItemMaxChars) {
      throw invalid(
        name,
        `Item ${i + 1} of ${name} must be at most ${OG_LIMITS.listItemMaxChars} characters (got ${length}).`,
      );
    }
  });
  return items.map((item) => item.text);
}

/** Length in characters (code points), so an emoji counts once, not as two UTF-16 units. */
function codePoints(value: string): number {
  return [...value].length;
}

function unknownVariable(template: OgTemplateInfo, name: string): ApiError {
  const names = template.variables.map((v) => v.name);
  const hint = closestName(name, names);
  return invalid(
    name,
    `The ${template.name} template has no variable "${clip(name, 64)}".${hint ? ` Did you mean ${hint}?` : ""} Accepted: ${names.join(", ")}.`,
  );
}

function invalid(name: string, detail: string): ApiError {
  return new ApiError("invalid_variable", detail, { param: name });
}

function clip(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, max)}…` : s;
}

function sortKeys(record: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
