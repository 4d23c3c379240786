/**
 * An axe-core scan of every public page (issue 20 point 5): no serious or critical violation, on a
 * desktop and on a phone. The pages are the site's navigation (the header, footer and docs
 * sidebar lists in components/site/links.ts), sign-in and the two 404 pages; each is scanned
 * once hydrated, with the playground's session-dependent controls shown.
 */
import { expect, test } from "@playwright/test";
import { AXE_VIEWPORTS, seriousViolations } from "../support/axe";
import { DOCS_PAGES, FOOTER_COLUMNS, MAIN_NAV, OPENAPI_HREF, SIGN_IN_HREF } from "@/components/site/links";

const PUBLIC_PAGES = [
  ...new Set([
    "/",
    ...MAIN_NAV.map((l) => l.href),
    ...DOCS_PAGES.map((l) => l.href),
    ...FOOTER_COLUMNS.flatMap((c) => c.links.map((l) => l.href)).filter(
      (href) => href.startsWith("/") && href !== OPENAPI_HREF,
    ),
    SIGN_IN_HREF,
    "/no-such-page",
    "/docs/no-such-page",
  ]),
];

// axe-core is the test's own script, injected into each page: the site's Content-Security-Policy
// (D14), which lets only scripts bearing the page's nonce run, is not what this spec checks.
test.use({ bypassCSP: true });

for (const [name, viewport] of AXE_VIEWPORTS) {
  test(`every public page passes axe without serious or critical violations (${name})`, async ({ page }) => {
    test.setTimeout(PUBLIC_PAGES.length * 15_000);
    await page.setViewportSize(viewport);
    const found: Record<string, string[]> = {};
    for (const path of PUBLIC_PAGES) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      const violations = await seriousViolations(page);
      if (violations.length) found[path] = violations;
    }
    expect(found).toEqual({});
  });
}
