/*
 * Part of the content endpoint's extraction (D24), run in an isolated world of the rendered page
 * with the others in lib/content/page (loaded in the order lib/content/page-script.ts gives).
 * Plain JavaScript, sent to the page as written.
 */
/* eslint-disable @typescript-eslint/no-unused-vars -- these declarations are used by the files evaluated after this one */

/* ---------- links and metadata, read from the live page ---------- */

var MAX_LINKS = 5000;
var MAX_LINK_TEXT = 500;

function linksOf() {
  var pageHost = hostOf(document.baseURI);
  var here = document.baseURI.split("#")[0];
  var seen = new Map();
  var anchors = document.querySelectorAll("a[href], area[href]");
  for (var i = 0; i < anchors.length && seen.size < MAX_LINKS; i++) {
    var a = anchors[i];
    var url = absolute(a.getAttribute("href"));
    if (!isWeb(url)) continue;
    // A jump within this page is not a link to anything else.
    if (url.split("#")[0] === here && url.includes("#")) continue;
    var text = squash(a.innerText || a.textContent) || squash(a.getAttribute("aria-label") || a.getAttribute("title"));
    if (!text) {
      var img = a.querySelector("img[alt]");
      text = img ? squash(img.getAttribute("alt")) : "";
    }
    text = text.slice(0, MAX_LINK_TEXT);
    var known = seen.get(url);
    if (known) {
      if (!known.text && text) known.text = text;
      continue;
    }
    seen.set(url, { url: url, text: text, internal: pageHost !== "" && hostOf(url) === pageHost });
  }
  return Array.from(seen.values());
}

var MAX_META = 1000;
var MAX_JSON_LD = 20;
var MAX_JSON_LD_CHARS = 100000;

function metaContent(selector) {
  var el = document.querySelector(selector);
  var value = el && el.getAttribute("content");
  return value ? value.slice(0, MAX_META) : undefined;
}

function prefixed(prefix) {
  var out = {};
  document.querySelectorAll("meta[property], meta[name]").forEach(function (meta) {
    var name = (meta.getAttribute("property") || meta.getAttribute("name") || "").trim().toLowerCase();
    if (!name.startsWith(prefix) || name.length > 80) return;
    var key = name.slice(prefix.length);
    if (key && !Object.prototype.hasOwnProperty.call(out, key) && Object.keys(out).length < 50)
      out[key] = (meta.getAttribute("content") || "").slice(0, MAX_META);
  });
  return out;
}

function jsonLdBlocks() {
  var blocks = [];
  var scripts = document.querySelectorAll("script[type='application/ld+json' i]");
  for (var i = 0; i < scripts.length && blocks.length < MAX_JSON_LD; i++) {
    var source = scripts[i].textContent || "";
    if (source.length > MAX_JSON_LD_CHARS) continue;
    try {
      blocks.push(JSON.parse(source));
    } catch {
      // Not JSON: a page's mistake, not data.
    }
  }
  return blocks;
}

/** datePublished / dateModified anywhere in the JSON-LD (top level, @graph, arrays). */
function jsonLdDate(blocks, key) {
  var stack = blocks.slice();
  for (var n = 0; stack.length && n < 1000; n++) {
    var item = stack.shift();
    if (!item || typeof item !== "object") continue;
    if (typeof item[key] === "string") return item[key];
    if (Array.isArray(item)) stack.push.apply(stack, item);
    else if (Array.isArray(item["@graph"])) stack.push.apply(stack, item["@graph"]);
  }
  return undefined;
}

function isoDate(value) {
  if (!value) return undefined;
  var time = Date.parse(value);
  return Number.isNaN(time) ? value.slice(0, 100) : new Date(time).toISOString();
}

function itemprop(name) {
  var el = document.querySelector("[itemprop='" + name + "']");
  if (!el) return undefined;
  return el.getAttribute("content") || el.getAttribute("datetime") || undefined;
}

function metadataOf() {
  var jsonLd = jsonLdBlocks();
  var icons = [];
  document.querySelectorAll("link[rel][href]").forEach(function (link) {
    var rel = (link.getAttribute("rel") || "").toLowerCase();
    if (!/(^|\s)(icon|apple-touch-icon|apple-touch-icon-precomposed|mask-icon)(\s|$)/.test(rel)) return;
    var url = absolute(link.getAttribute("href"));
    if (!isWeb(url) || icons.length >= 20) return;
    var icon = { rel: rel.replace(/\s+/g, " ").trim(), url: url };
    if (link.getAttribute("sizes")) icon.sizes = link.getAttribute("sizes").slice(0, 100);
    if (link.getAttribute("type")) icon.type = link.getAttribute("type").slice(0, 100);
    icons.push(icon);
  });
  var canonical = document.querySelector("link[rel~='canonical' i][href]");
  var canonicalUrl = canonical ? absolute(canonical.getAttribute("href")) : null;
  return {
    title: squash(document.title).slice(0, MAX_META),
    description: metaContent("meta[name='description' i]") || metaContent("meta[property='og:description' i]"),
    canonicalUrl: isWeb(canonicalUrl) ? canonicalUrl : undefined,
    language:
      (document.documentElement.getAttribute("lang") || "").slice(0, 35) ||
      metaContent("meta[http-equiv='content-language' i]"),
    dir:
      (document.documentElement.getAttribute("dir") || (document.body && document.body.getAttribute("dir")) || "")
        .toLowerCase()
        .slice(0, 10) || undefined,
    openGraph: prefixed("og:"),
    twitter: prefixed("twitter:"),
    icons: icons,
    jsonLd: jsonLd,
    publishedAt: isoDate(
      metaContent("meta[property='article:published_time' i]") ||
        itemprop("datePublished") ||
        jsonLdDate(jsonLd, "datePublished") ||
        metaContent("meta[name='citation_publication_date' i]") ||
        metaContent("meta[name='dc.date.issued' i]") ||
        metaContent("meta[name='date' i]"),
    ),
    modifiedAt: isoDate(
      metaContent("meta[property='article:modified_time' i]") ||
        metaContent("meta[property='og:updated_time' i]") ||
        itemprop("dateModified") ||
        jsonLdDate(jsonLd, "dateModified") ||
        metaContent("meta[name='last-modified' i]"),
    ),
  };
}
