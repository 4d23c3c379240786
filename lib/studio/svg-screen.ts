/**
 * The screen an uploaded SVG passes before it is rasterized (D21, Brand kit): no script, no event
 * handlers, no foreignObject, no DOCTYPE or processing instruction, and no reference to anything
 * outside the file — in markup (href) or in CSS (url(), @import, image-set(), …).
 *
 * The file is read the way the renderer reads it, not matched against patterns: a strict XML
 * parser (saxes) decodes character references and namespaces, and every stylesheet, style
 * attribute and attribute value goes through a CSS parser (lightningcss) whose tokenizer is the
 * one librsvg uses, so CSS escapes (`\75rl(`, `u\rl(`, `@\69mport`) and XML references
 * (`&#117;rl(`) are seen for what they are. What either parser cannot read completely is
 * refused: the screen fails closed.
 */
import "server-only";
import { transform, transformStyleAttribute, type Visitor } from "lightningcss";
import { SaxesParser } from "saxes";

/** CSS functions that name an image or another resource by a string as well as by url(). */
const RESOURCE_FUNCTIONS = new Set([
  "src",
  "image",
  "image-set",
  "-webkit-image-set",
  "cross-fade",
  "-webkit-cross-fade",
  "element",
  "expression",
]);

const isFragment = (url: string) => url.trim().startsWith("#");

/**
 * What the CSS loads from outside the file, or undefined. `kind` tells a stylesheet from a style
 * attribute's declarations; `strict` refuses CSS the parser had to skip parts of.
 */
function cssProblem(code: string, kind: "sheet" | "declarations", strict = true): string | undefined {
  let problem: string | undefined;
  const refuse = (what: string) => void (problem ??= what);
  const visitor: Visitor<never> = {
    Url(url) {
      if (!isFragment(url.url)) refuse("a url() outside the file");
    },
    Image(image) {
      if (image.type !== "url" && image.type !== "gradient") refuse(`an ${image.type}() image`);
    },
    Function(fn) {
      if (RESOURCE_FUNCTIONS.has(fn.name.toLowerCase())) refuse(`a ${fn.name}() reference`);
    },
    Rule: {
      import() {
        refuse("@import");
      },
    },
  };
  try {
    const options = { filename: "upload.svg", code: Buffer.from(code), errorRecovery: true, visitor };
    const { warnings } = kind === "sheet" ? transform(options) : transformStyleAttribute(options);
    // What a parser skips, another may not: CSS that does not parse cleanly is not passed.
    if (strict && warnings.length > 0) refuse(`CSS that does not parse (${warnings[0].message.slice(0, 80)})`);
  } catch {
    refuse("CSS that does not parse");
  }
  return problem;
}

/** Markup and CSS an uploaded SVG may not contain: the reason to show the uploader, or undefined. */
export function svgProblem(text: string): string | undefined {
  let problem: string | undefined;
  const refuse = (what: string) => void (problem ??= what);
  const parser = new SaxesParser({ xmlns: true });
  let styleText: string | undefined;

  parser.on("error", () => refuse("markup that is not well-formed XML"));
  parser.on("doctype", () => refuse("a DOCTYPE or entity declaration"));
  parser.on("processinginstruction", ({ target }) => refuse(`a processing instruction (<?${target.slice(0, 40)}?>)`));
  parser.on("opentag", (tag) => {
    const element = tag.local.toLowerCase();
    if (element === "script") refuse("a script");
    if (element === "foreignobject") refuse("foreignObject");
    if (element === "style") styleText = "";
    for (const attribute of Object.values(tag.attributes)) {
      const name = attribute.local.toLowerCase();
      const { value } = attribute;
      if (name.startsWith("on")) refuse("an event handler attribute (on…)");
      else if (name === "href" && !isFragment(value)) refuse("a reference to something outside the file (href)");
      else if (name === "style") {
        const found = cssProblem(value, "declarations");
        if (found) refuse(found);
      } else {
        // Presentation attributes (fill, mask, filter, …) take CSS values, url() included. Read as
        // a custom property's value, any attribute's tokens are seen; an attribute that is not CSS
        // at all (a title, a path) may have parts the parser skips, and the renderer would not
        // read those parts as a value either.
        const found = cssProblem(`--attribute: ${value}`, "declarations", false);
        if (found) refuse(found);
      }
    }
  });
  const collect = (chunk: string) => {
    if (styleText !== undefined) styleText += chunk;
  };
  parser.on("text", collect);
  parser.on("cdata", collect);
  parser.on("closetag", (tag) => {
    if (tag.local.toLowerCase() !== "style" || styleText === undefined) return;
    const found = cssProblem(styleText, "sheet");
    if (found) refuse(found);
    styleText = undefined;
  });

  try {
    parser.write(text).close();
  } catch {
    refuse("markup that is not well-formed XML");
  }
  return problem;
}
