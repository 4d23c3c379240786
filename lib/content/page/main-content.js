/*
 * Part of the content endpoint's extraction (D24), run in an isolated world of the rendered page
 * with the others in lib/content/page (loaded in the order lib/content/page-script.ts gives).
 * Plain JavaScript, sent to the page as written.
 */
/* eslint-disable @typescript-eslint/no-unused-vars -- these declarations are used by the files evaluated after this one */

/* ---------- the copy that markdown and text are made from ---------- */

// Cookie and consent banners go by these names; so do documentation sections about cookies
// (<section id="cookies">), so only an element that is no section, article or main and holds
// little text counts as a banner.
var BANNER_NAMES =
  "[id*='cookie' i], [class*='cookie' i], [id*='consent' i], [class*='consent' i], [id*='gdpr' i], [class*='gdpr' i]";
var BANNER_MAX_TEXT = 2000;

function removeBanners(root) {
  root.querySelectorAll(BANNER_NAMES).forEach(function (el) {
    if (!el.matches("section, article, main, body, html") && textLength(el) <= BANNER_MAX_TEXT) el.remove();
  });
}

// Never content: code, styles, embedded documents and form controls.
var ALWAYS_DROPPED =
  "script, style, noscript, template, iframe, frame, frameset, object, embed, canvas, svg, input, select, textarea, button, [hidden], [aria-hidden='true']";
// Page furniture around the main content (onlyMainContent): landmarks and the usual names of
// navigation, cookie banners, ads, share bars and comment threads.
var FURNITURE = [
  "nav",
  // Docutils (Sphinx) writes footnotes as <aside>: text of the page, not furniture.
  "aside:not(.footnote, .footnote-list)",
  "dialog",
  "[role='navigation']",
  "[role='banner']",
  "[role='contentinfo']",
  "[role='complementary']",
  "[role='search']",
  "[role='dialog']",
  "[role='alertdialog']",
  "[aria-modal='true']",
  "#onetrust-consent-sdk",
  "#CybotCookiebotDialog",
  "#usercentrics-root",
  "ins.adsbygoogle",
  "[id^='google_ads' i]",
  "[id^='div-gpt-ad' i]",
  "[class~='ad' i]",
  "[class~='ads' i]",
  "[class*='advert' i]",
  "[id*='advert' i]",
  "[class*='sponsor' i]",
  "[class~='share' i]",
  "[class*='social-share' i]",
  "[class~='breadcrumb' i]",
  "[class~='breadcrumbs' i]",
  "[class~='pagination' i]",
  "[class~='skip-link' i]",
  "#comments",
  "[class~='comments' i]",
  "#disqus_thread",
].join(", ");

// The language of a code block, from the names highlighters give it: language-js, lang-js,
// highlight-python (Sphinx), highlight-source-js (GitHub), brush: js, data-lang.
var LANGUAGE_CLASS = /(?:^|\s)(?:language|lang|highlight-source|highlight)-([A-Za-z0-9_+#.-]+)/;
var NOT_A_LANGUAGE = new Set(["default", "none", "text", "plain", "plaintext", "nohighlight", "notranslate"]);

function languageOf(pre) {
  var nodes = [pre.querySelector("code"), pre, pre.parentElement, pre.parentElement && pre.parentElement.parentElement];
  for (var i = 0; i < nodes.length; i++) {
    var node = nodes[i];
    if (!node) continue;
    var named = node.getAttribute("data-lang") || node.getAttribute("data-language");
    var found = named || (LANGUAGE_CLASS.exec(node.className || "") || [])[1];
    if (!found) {
      var brush = /brush:\s*([A-Za-z0-9_+#-]+)/.exec(node.className || "");
      found = brush && brush[1];
    }
    if (found && !NOT_A_LANGUAGE.has(found.toLowerCase())) return found.toLowerCase();
  }
  return "";
}

/** Absolute links and images, code languages kept where Readability cannot drop them. */
function prepareCopy(root, removeSelectors) {
  root.querySelectorAll(ALWAYS_DROPPED).forEach(function (el) {
    el.remove();
  });
  if (removeSelectors) {
    try {
      root.querySelectorAll(removeSelectors).forEach(function (el) {
        el.remove();
      });
    } catch {
      // An invalid selector was refused before the page was loaded (hideSelectors).
    }
  }
  root.querySelectorAll("a[href]").forEach(function (a) {
    var url = absolute(a.getAttribute("href"));
    if (url && /^(https?|mailto|tel|ftp):/i.test(url)) a.setAttribute("href", url);
    else a.removeAttribute("href");
  });
  root.querySelectorAll("img").forEach(function (img) {
    // Lazy loaders keep the real address in data-src until the image is in view.
    var source = img.getAttribute("src") || img.getAttribute("data-src") || "";
    var url = source.startsWith("data:") ? null : absolute(source);
    if (isWeb(url)) img.setAttribute("src", url);
    else if (img.getAttribute("alt")) img.replaceWith(document.createTextNode(img.getAttribute("alt")));
    else img.remove();
  });
  root.querySelectorAll("pre").forEach(function (pre) {
    var language = languageOf(pre);
    if (language) pre.setAttribute("data-glance-lang", language);
  });
  // A heading's permalink (¶, #, §) is not part of its text.
  root.querySelectorAll("h1 a, h2 a, h3 a, h4 a, h5 a, h6 a").forEach(function (a) {
    if (/^[\s¶#§🔗]*$/.test(a.textContent || "") && !a.querySelector("img")) a.remove();
  });
  root.querySelectorAll(UI_MARKS).forEach(function (el) {
    el.remove();
  });
}

// Marks a documentation page's scripts and templates add for the reader's hand, not text: Sphinx's
// permalinks (¶ after headings, captions and API signatures), the copy buttons that show the
// `>>>` prompt toggle (Python's copybutton.js) or "Copy" (sphinx-copybutton, clipboard.js).
var UI_MARKS =
  "a.headerlink, .copybutton, .copybtn, .copy-button, .btn-copy, [data-clipboard-target], [data-clipboard-text]";

/*
 * The containers documentation generators name as the page's content, for the generator the page
 * declares (<meta name="generator">): a chunked DocBook page (DocBook XSL, Publican) is one
 * chapter, section or reference entry between navigation; AsciiDoc writes the title and NAME in
 * #header and the rest in #content; makeinfo writes each node as a chapter or section.
 * Declared, not guessed: class names like "section" are common elsewhere.
 */
var GENERATOR_CONTAINERS = [
  {
    generator: /docbook|publican/i,
    selector:
      "div.set, div.book, div.part, div.reference, div.chapter, div.appendix, div.preface, div.article, div.refentry, div.sect1, div.section, div.glossary, div.bibliography, div.index, div.colophon",
  },
  { generator: /asciidoc/i, selector: "#header, #content" },
  {
    generator: /makeinfo|texi2any|texi2html/i,
    selector:
      "div.top, div.chapter, div.appendix, div.unnumbered, div.section, div.subsection, [class$='-level-extent']",
  },
];

/** The outermost containers the page's generator names as its content, merged in page order; null when none. */
function generatorContainer(doc, body) {
  var meta = doc.querySelector("meta[name='generator' i]");
  var generator = (meta && meta.getAttribute("content")) || "";
  var known = GENERATOR_CONTAINERS.find(function (entry) {
    return entry.generator.test(generator);
  });
  if (!known) return null;
  var outermost = Array.from(body.querySelectorAll(known.selector)).filter(function (el) {
    return !el.parentElement || !el.parentElement.closest(known.selector);
  });
  if (outermost.length === 0) return null;
  if (outermost.length === 1) return textLength(outermost[0]) > 0 ? outermost[0] : null;
  var holder = doc.createElement("div");
  outermost.forEach(function (el) {
    holder.appendChild(el.cloneNode(true));
  });
  return textLength(holder) > 0 ? holder : null;
}

/**
 * The main content: the page's one main landmark when it has one, else the containers its
 * documentation generator names as content, else its one article, else
 * what Readability finds — unless Readability keeps less than MIN_SHARE of the text left once
 * the furniture is gone (it picks a single section of long reference pages), in which case that
 * rest of the page is the content.
 */
var MIN_SHARE = 0.6;

function mainContent(doc) {
  var page = doc.cloneNode(true);
  var pageBody = page.body || page.documentElement;
  pageBody.querySelectorAll(FURNITURE).forEach(function (el) {
    el.remove();
  });
  removeBanners(pageBody);
  // A page's own header and footer; an article's header (its title, byline) stays.
  pageBody.querySelectorAll("header, footer").forEach(function (el) {
    if (!el.parentElement || !el.parentElement.closest("main, article, [role='main']")) el.remove();
  });
  var mains = pageBody.querySelectorAll("main, [role='main']");
  if (mains.length === 1 && textLength(mains[0]) > 0) return { element: mains[0], source: "main" };
  var named = generatorContainer(page, pageBody);
  if (named) return { element: named, source: "main" };
  var articles = pageBody.querySelectorAll("article");
  if (articles.length === 1 && textLength(articles[0]) > 0) return { element: articles[0], source: "article" };
  var firstHeading = pageBody.querySelector("h1");
  var article = null;
  try {
    article = new Readability(page.cloneNode(true), { charThreshold: 200 }).parse();
  } catch {
    article = null;
  }
  var rest = textLength(pageBody);
  var holder = doc.createElement("div");
  if (article && article.content) holder.innerHTML = article.content;
  // Readability also drops short headings' wrappers (a CJK section title is under its 25-character
  // floor): an article that lost the page's section headings is not the page's content.
  var sections = "h2, h3, h4, h5, h6";
  var headingsKept = holder.querySelectorAll(sections).length >= MIN_SHARE * pageBody.querySelectorAll(sections).length;
  if (article && article.content && squash(article.textContent).length >= MIN_SHARE * rest && headingsKept) {
    // Readability drops the heading that repeats the title; the Markdown keeps it.
    if (firstHeading && !holder.querySelector("h1") && squash(firstHeading.textContent)) {
      var heading = doc.createElement("h1");
      heading.textContent = squash(firstHeading.textContent);
      holder.insertBefore(heading, holder.firstChild);
    }
    return { element: holder, source: "readability" };
  }
  return { element: pageBody, source: "page" };
}
