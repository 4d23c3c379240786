/** The map's and crawl's URL rules (D32): one normal form, one key per page, the site, the patterns. */
import { describe, expect, it } from "vitest";
import { evidentlyNotHtml, pathPattern, pathPatternProblem, siteScope } from "@/lib/map/scope";

const start = new URL("https://example.com/docs/");

describe("siteScope", () => {
  const scope = siteScope(start, { subdomains: false, ignoreQueryParameters: false });

  it("drops fragments and a bare ?, resolves relative links, refuses other schemes and credentials", () => {
    expect(scope.normalise("intro.html#part", start)?.href).toBe("https://example.com/docs/intro.html");
    expect(scope.normalise("../a?", start)?.href).toBe("https://example.com/a");
    expect(scope.normalise("HTTPS://EXAMPLE.com:443/b?x=1", start)?.href).toBe("https://example.com/b?x=1");
    for (const bad of ["mailto:a@example.com", "javascript:void(0)", "https://u:p@example.com/", "http://[bad"])
      expect(scope.normalise(bad, start)).toBeNull();
  });

  it("keys one page once across http/https and www., and keeps query strings unless told not to", () => {
    const key = (raw: string) => scope.key(scope.normalise(raw, start)!);
    expect(key("http://www.example.com/a")).toBe(key("https://example.com/a"));
    expect(key("/a?x=1")).not.toBe(key("/a?x=2"));
    const noQuery = siteScope(start, { subdomains: false, ignoreQueryParameters: true });
    expect(noQuery.normalise("/a?x=1", start)?.href).toBe("https://example.com/a");
  });

  it("keeps to the host (and its port) by default and to hosts under it with subdomains", () => {
    const on = (s: typeof scope, raw: string) => s.onSite(new URL(raw));
    expect(on(scope, "https://www.example.com/x")).toBe(true);
    expect(on(scope, "https://docs.example.com/x")).toBe(false);
    expect(on(scope, "https://example.com:8443/x")).toBe(false);
    const wide = siteScope(start, { subdomains: true, ignoreQueryParameters: false });
    expect(on(wide, "https://docs.example.com/x")).toBe(true);
    expect(on(wide, "https://notexample.com/x")).toBe(false);
    expect(on(wide, "https://example.com.evil.test/x")).toBe(false);
  });

  it("filters by include and exclude patterns written as robots.txt writes them", () => {
    const filtered = siteScope(start, {
      subdomains: false,
      ignoreQueryParameters: false,
      include: ["/docs/", "/blog/*/2024"],
      exclude: ["*.pdf$"],
    });
    const wanted = (p: string) => filtered.wanted(new URL(p, start));
    expect(wanted("/docs/a.html")).toBe(true);
    expect(wanted("/docs/a.pdf")).toBe(false);
    expect(wanted("/docs/a.pdf?download=1")).toBe(true);
    expect(wanted("/blog/x/2024/post")).toBe(true);
    expect(wanted("/about")).toBe(false);
    expect(pathPattern("/a.b").test("/aXb")).toBe(false);
    expect(pathPatternProblem("docs")).toMatch(/must start with/);
    expect(pathPatternProblem("/a b")).toMatch(/URL characters/);
  });

  it("spends no fetch on what is evidently not a page", () => {
    expect(evidentlyNotHtml(new URL("https://example.com/a.PNG"))).toBe(true);
    expect(evidentlyNotHtml(new URL("https://example.com/a.html"))).toBe(false);
    expect(evidentlyNotHtml(new URL("https://example.com/docs/"))).toBe(false);
  });
});
