/**
 * Second layer of target safety on each page (the first is the guard proxy).
 * v0: nothing yet beyond what lib/browser does; filled in by the target-safety work.
 */
import type { Page } from "puppeteer-core";

export async function guardPage(_page: Page): Promise<void> {}
