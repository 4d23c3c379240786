/**
 * The D19 steps on a loaded page: hide elements, click one, scroll, and find the element a
 * `selector` capture is cut to. A selector that never matches is the caller's mistake, so it is a
 * 400 naming the parameter (`selector_not_found`), not a 504: the wait stops early enough to
 * answer that before the request's own deadline.
 */
import "server-only";
import { type ElementHandle, type Page, TimeoutError } from "puppeteer-core";
import { ApiError } from "@/lib/vocabulary/errors";
import type { Deadline } from "@/lib/browser";
import { isValidSelector } from "./page-scripts";
import type { PageSteps } from "./page-plan";

/**
 * Time kept back from an element wait to answer the 400 (close the page, give back the render,
 * reply) before the deadline: a quarter of the timeout, between 1.5 and 5 seconds. On a loaded
 * machine a fixed 1.5 s was measured to be too little at timeout=5000.
 */
function elementAnswerMarginMs(totalMs: number): number {
  return Math.min(5_000, Math.max(1_500, Math.round(totalMs / 4)));
}

type SelectorParam = "selector" | "click" | "scrollTo" | "hideSelectors";

async function assertValidSelector(page: Page, selector: string, param: SelectorParam): Promise<void> {
  if (!(await isValidSelector(page, selector))) {
    throw new ApiError("invalid_parameter", `${param} is not a valid CSS selector.`, { param });
  }
}

/** The first element matching `selector`, waited for while the request has time for it. */
export async function findElement(
  page: Page,
  selector: string,
  param: SelectorParam,
  deadline: Deadline,
): Promise<ElementHandle<Element>> {
  await assertValidSelector(page, selector, param);
  const notFound = () =>
    new ApiError(
      "selector_not_found",
      `No element matched ${param} (${JSON.stringify(selector)}) within the timeout of ${deadline.totalMs} ms.`,
      { param },
    );
  try {
    const element = await page.waitForSelector(selector, {
      timeout: Math.max(1, deadline.remaining() - elementAnswerMarginMs(deadline.totalMs)),
    });
    if (!element) throw notFound();
    return element;
  } catch (error) {
    if (error instanceof TimeoutError) throw notFound();
    throw error;
  }
}

/** Two animation frames: what a click or scroll changed has been laid out and painted. */
const NEXT_PAINT = `new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true))))`;

export async function hideElements(page: Page, selectors: string, deadline: Deadline): Promise<void> {
  await assertValidSelector(page, selectors, "hideSelectors");
  await deadline.race(page.addStyleTag({ content: `${selectors} { display: none !important; }` }));
}

export async function clickElement(page: Page, selector: string, deadline: Deadline): Promise<void> {
  const element = await findElement(page, selector, "click", deadline);
  try {
    await deadline.race(element.click());
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(
      "invalid_parameter",
      "click matched an element that cannot be clicked (hidden, or without a box).",
      { param: "click" },
    );
  }
  await deadline.race(page.evaluate(NEXT_PAINT));
}

export async function scrollPage(
  page: Page,
  target: NonNullable<PageSteps["scrollTo"]>,
  deadline: Deadline,
): Promise<void> {
  // Instantly, whatever the page's CSS scroll-behavior says: a smooth scroll would still be moving at capture.
  if ("y" in target) {
    await deadline.race(page.evaluate(`window.scrollTo({ left: 0, top: ${target.y}, behavior: "instant" })`));
  } else {
    const element = await findElement(page, target.selector, "scrollTo", deadline);
    await deadline.race(element.evaluate((e) => e.scrollIntoView({ block: "start", behavior: "instant" })));
  }
  await deadline.race(page.evaluate(NEXT_PAINT));
}
