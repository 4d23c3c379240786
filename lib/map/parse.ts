/**
 * Reading what the map fetches (D32): sitemaps with saxes (a streaming XML parser; a sitemap may
 * hold 50,000 URLs), pages' links with htmlparser2 — no DOM, no render. Both tolerate broken
 * documents: what was read before the break is kept.
 */
import { Parser } from "htmlparser2";
import { SaxesParser } from "saxes";

export interface SitemapDocument {
  /** A <sitemapindex> lists sitemaps; a <urlset> lists pages. */
  kind: "index" | "urlset" | "unknown";
  locs: string[];
}

const localName = (name: string) => name.slice(name.indexOf(":") + 1).toLowerCase();

export function parseSitemap(xml: string): SitemapDocument {
  const parser = new SaxesParser();
  const doc: SitemapDocument = { kind: "unknown", locs: [] };
  let depth = 0;
  let inLoc = false;
  let text = "";
  parser.on("opentag", (tag) => {
    const name = localName(tag.name);
    if (depth === 0) doc.kind = name === "sitemapindex" ? "index" : name === "urlset" ? "urlset" : "unknown";
    depth++;
    // <loc> directly inside <url> or <sitemap> (depth 3); image and video extensions' own locs are deeper.
    if (name === "loc" && depth === 3) {
      inLoc = true;
      text = "";
    }
  });
  parser.on("text", (chunk) => {
    if (inLoc) text += chunk;
  });
  parser.on("cdata", (chunk) => {
    if (inLoc) text += chunk;
  });
  parser.on("closetag", () => {
    if (inLoc && depth === 3) {
      const loc = text.trim();
      if (loc) doc.locs.push(loc);
      inLoc = false;
    }
    depth--;
  });
  try {
    parser.write(xml).close();
  } catch {
    // A malformed sitemap: keep the locations read before the fault.
  }
  return doc;
}

/** The href of every <a> and <area> of an HTML page, resolved against its <base href> if any. */
export function parseLinks(html: string, pageUrl: string): { hrefs: string[]; base: string } {
  const hrefs: string[] = [];
  let base = pageUrl;
  let sawBase = false;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if ((name === "a" || name === "area") && attributes.href) hrefs.push(attributes.href);
        else if (name === "base" && attributes.href && !sawBase) {
          sawBase = true;
          try {
            base = new URL(attributes.href, pageUrl).href;
          } catch {
            // An unusable <base> changes nothing.
          }
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.end(html);
  return { hrefs, base };
}
