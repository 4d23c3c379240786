/** axe-core scans for the e2e specs (issue 20 point 5): the serious and critical violations only. */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** The serious and critical violations on the page as it is now, one line per failing element. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) =>
      v.nodes.map(
        (n) =>
          `${v.id} (${v.impact}): ${n.target.join(" ")} — ${n.failureSummary?.split("\n").slice(1).join(" ").trim()}`,
      ),
    );
}

/** The viewports every page is scanned at. */
export const AXE_VIEWPORTS = [
  ["desktop", { width: 1280, height: 800 }],
  ["phone", { width: 390, height: 844 }],
] as const;

/** The page's serious violations at each viewport, by viewport name (empty when clean); leaves the desktop size. */
export async function violationsAtEveryViewport(page: Page): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const [name, viewport] of AXE_VIEWPORTS) {
    await page.setViewportSize(viewport);
    const violations = await seriousViolations(page);
    if (violations.length) found[name] = violations;
  }
  await page.setViewportSize(AXE_VIEWPORTS[0][1]);
  return found;
}
