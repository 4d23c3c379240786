/**
 * The browser UI pages a rendering Chromium holds while a render's page is open (D30): headless
 * Chromium still builds each window's UI, and its WebUI pages are DevTools targets of type
 * `browser_ui` (chrome://omnibox-popup.top-chrome/ while the address bar's pop-up is on).
 */
export async function browserUiDuringRender(): Promise<string[]> {
  const { Deadline, withPage } = await import("@/lib/browser");
  return withPage(new Deadline(60_000), async ({ page, browser }) => {
    await page.setContent("<p>rendered</p>");
    const session = await browser.target().createCDPSession();
    try {
      const { targetInfos } = await session.send("Target.getTargets");
      return targetInfos.filter((t) => t.type === "browser_ui").map((t) => t.url);
    } finally {
      await session.detach();
    }
  });
}
