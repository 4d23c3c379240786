/**
 * Which URLs belong to a site map or crawl (D32): one normal form per URL (fragment dropped, the
 * query dropped on request), one dedupe key per page (the scheme and a leading `www.` do not make
 * a second page), the site's scope (the start URL's host, or every host under it with
 * `subdomains`) and the caller's include/exclude path patterns. Pure: no fetches, no clock.
 */

export interface ScopeOptions {
  subdomains: boolean;
  ignoreQueryParameters: boolean;
  /** Path patterns a URL must match one of (none: every path). */
  include?: readonly string[];
  /** Path patterns that leave a URL out. */
  exclude?: readonly string[];
}

export interface SiteScope {
  /** The normal form of a link found on `base`, or null when it is not an http(s) page URL. */
  normalise(raw: string, base: URL | string): URL | null;
  /** The key two URLs of one page share. */
  key(url: URL): string;
  /** On the site: the start host (or under it, with subdomains) and its port. */
  onSite(url: URL): boolean;
  /** Passes include and exclude. */
  wanted(url: URL): boolean;
}

const bareHost = (hostname: string) => hostname.replace(/^www\./, "");

/**
 * A path pattern as robots.txt writes them (and blockRequests, D19): a prefix of the path and
 * query, `*` for any run of characters, a final `$` to anchor the end.
 */
export function pathPattern(pattern: string): RegExp {
  const anchored = pattern.endsWith("$");
  const body = (anchored ? pattern.slice(0, -1) : pattern)
    .split("*")
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
  return new RegExp(`^${body}${anchored ? "$" : ""}`);
}

/** What a path pattern may hold: it starts with `/` (or `*`), URL characters only. */
export function pathPatternProblem(pattern: string): string | null {
  if (!/^[/*]/.test(pattern)) return `${JSON.stringify(pattern.slice(0, 64))} must start with / or *.`;
  if (!/^[\x21-\x2b\x2d-\x7e]+$/.test(pattern))
    return `${JSON.stringify(pattern.slice(0, 64))} must be URL characters and * only.`;
  return null;
}

export function siteScope(start: URL, options: ScopeOptions): SiteScope {
  const startHost = bareHost(start.hostname);
  const include = (options.include ?? []).map(pathPattern);
  const exclude = (options.exclude ?? []).map(pathPattern);
  return {
    normalise(raw, base) {
      let url: URL;
      try {
        url = new URL(raw.trim(), base);
      } catch {
        return null;
      }
      if (url.protocol !== "http:" && url.protocol !== "https:") return null;
      if (url.username || url.password) return null;
      url.hash = "";
      // A bare "?" is no query: one page, one form.
      if (options.ignoreQueryParameters || url.search === "") url.search = "";
      return url;
    },
    key: (url) => `${bareHost(url.hostname)}:${url.port}${url.pathname}${url.search}`,
    onSite(url) {
      if (url.port !== start.port) return false;
      const host = bareHost(url.hostname);
      return host === startHost || (options.subdomains && host.endsWith(`.${startHost}`));
    },
    wanted(url) {
      const path = `${url.pathname}${url.search}`;
      if (include.length > 0 && !include.some((re) => re.test(path))) return false;
      return !exclude.some((re) => re.test(path));
    },
  };
}

const NOT_HTML =
  /\.(?:png|jpe?g|gif|webp|avif|svg|ico|bmp|tiff?|css|js|mjs|json|xml|txt|pdf|zip|gz|tgz|bz2|xz|7z|rar|tar|mp3|mp4|m4a|webm|ogg|wav|avi|mov|woff2?|ttf|otf|eot|exe|dmg|deb|rpm|apk|iso|csv|xlsx?|docx?|pptx?)$/i;

/** True when the URL's extension says it is not a page, so no fetch is spent looking for links in it. */
export function evidentlyNotHtml(url: URL): boolean {
  return NOT_HTML.test(url.pathname);
}
