/*
 * Part of the content endpoint's extraction (D24), run in an isolated world of the rendered page
 * with the others in lib/content/page (loaded in the order lib/content/page-script.ts gives).
 * Plain JavaScript, sent to the page as written.
 */
/* eslint-disable @typescript-eslint/no-unused-vars -- these declarations are used by the files evaluated after this one */

function absolute(value) {
  try {
    return new URL(value, document.baseURI).href;
  } catch {
    return null;
  }
}

function isWeb(url) {
  return url !== null && /^https?:/i.test(url);
}

function hostOf(url) {
  try {
    return new URL(url).hostname.replace(/^www\./i, "").toLowerCase();
  } catch {
    return "";
  }
}

function squash(text) {
  return (text || "").replace(/\s+/g, " ").trim();
}

function textLength(node) {
  return squash(node.textContent).length;
}
