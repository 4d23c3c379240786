/**
 * The OG studio's code editor (#35 point 8, D33): CodeMirror replaces the textarea once loaded —
 * the template language highlighted, `{{` completing a declared variable and `brand:` a brand-kit
 * colour, the server's error drawn on its line, and saving from it still works. axe-clean and
 * within the width on a desktop and a phone.
 */
import { expect, test, type Page } from "@playwright/test";
import { setPlan, signInByEmail, uniqueEmail, waitForHydration } from "../support";
import { AXE_VIEWPORTS, violationsAtEveryViewport } from "../support/axe";

test.describe.configure({ timeout: 150_000 });

const HEAD = `<variables>\n  <text name="headline" default="Hello" required />\n</variables>\n`;

async function openStudio(page: Page): Promise<void> {
  await page.goto("/dashboard/templates");
  await waitForHydration(page, "[data-editor]");
  await expect(page.locator("[data-editor=code] .cm-content")).toBeVisible({ timeout: 30_000 });
}

/**
 * CodeMirror takes Enter for a completion only once its list has been open for its
 * interactionDelay (75 ms): pressed sooner, Enter is a new line. The list opens when typing
 * pauses, so a test that types and presses Enter at once races it.
 */
async function untilEnterAccepts(page: Page) {
  await page.waitForTimeout(150);
}

test("highlighting, completion, an error at its line and saving, in the code editor", async ({ page }) => {
  const email = uniqueEmail("studio-editor");
  await signInByEmail(page, email);
  await setPlan(email, "pro");

  await page.goto("/dashboard/brand");
  await waitForHydration(page, "input[name=name]");
  const colors = page.getByTestId("brand-color-form");
  await colors.getByLabel("Name").fill("primary");
  await colors.getByLabel("Colour").fill("#ff8800");
  await colors.getByRole("button", { name: "Save colour" }).click();
  await expect(page.getByTestId("brand-color-list")).toContainText("#ff8800");

  await openStudio(page);
  const editor = page.getByRole("textbox", { name: "Template source" });
  const source = page.locator("textarea[name=source]");
  await expect(source).toBeHidden();

  // Highlighting: the starter's tags in the tag colour, its {{title}} marked as a variable. Its
  // elements follow the <variables> and <layout> blocks, and CodeMirror draws only the lines near
  // the view: the end of the text is brought into view first.
  await editor.focus();
  await page.keyboard.press("Control+End");
  await expect(page.locator(".cm-template-variable", { hasText: "{{title}}" }).first()).toBeVisible();
  const tagColours = await page
    .locator(".cm-line span")
    .evaluateAll((spans) => spans.filter((s) => s.textContent === "div").map((s) => getComputedStyle(s).color));
  expect(tagColours).toContain("rgb(29, 78, 216)");

  // Completion: `{{` offers the declared variable; `brand:` the kit's colour.
  await editor.fill(`${HEAD}<div style="width: 100%; height: 100%; ">\n  <p style="font-size: 64px"></p>\n</div>`);
  await page.locator(".cm-line", { hasText: '<p style="font-size: 64px">' }).click();
  await page.keyboard.press("End");
  for (let i = 0; i < "</p>".length; i++) await page.keyboard.press("ArrowLeft");
  await page.keyboard.type("{{he");
  const options = page.getByRole("listbox");
  await expect(options.getByRole("option", { name: /headline/ })).toBeVisible();
  await untilEnterAccepts(page);
  await page.keyboard.press("Enter");
  await expect(source).toHaveValue(/<p style="font-size: 64px">\{\{headline\}\}<\/p>/);
  await page.locator(".cm-line", { hasText: "height: 100%;" }).click();
  await page.keyboard.press("End");
  for (let i = 0; i < '">'.length; i++) await page.keyboard.press("ArrowLeft");
  await page.keyboard.type("background-color: brand:");
  await expect(options.getByRole("option", { name: /primary/ })).toBeVisible();
  await untilEnterAccepts(page);
  await page.keyboard.press("Enter");
  await expect(source).toHaveValue(/background-color: brand:primary">/);

  // An error at its line: the live preview's refusal (line 6) is marked on line 6 of the editor.
  await editor.fill(`${HEAD}<div>\n\n  <p onclick="x()">{{headline}}</p>\n</div>`);
  await expect(page.getByRole("alert", { name: "Preview error" })).toContainText(
    "Line 6: Event handler attributes (onclick) are not allowed.",
    { timeout: 30_000 },
  );
  await expect(page.locator(".cm-content .cm-line").nth(5).locator(".cm-lintRange-error").first()).toBeVisible();
  const marked = await page
    .locator(".cm-content .cm-line")
    .evaluateAll((lines) => lines.flatMap((l, i) => (l.querySelector(".cm-lintRange-error") ? [i + 1] : [])));
  expect(marked).toEqual([6]);
  await expect(page.locator(".cm-gutter-lint .cm-lint-marker-error")).toHaveCount(1);

  // Saving from the editor: the fixed source is what the server keeps.
  const fixed = `${HEAD}<div style="background-color: brand:primary; width: 100%; height: 100%">\n  <p style="font-size: 64px">{{headline}}</p>\n</div>`;
  await editor.fill(fixed);
  await expect(page.locator(".cm-content .cm-lintRange-error")).toHaveCount(0, { timeout: 30_000 });
  await page.getByLabel("Name").fill("editor-card");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toHaveText("Saved editor-card as version 1.");
  await expect(source).toHaveValue(fixed);
  await expect(page.getByRole("img", { name: "Template preview" })).toBeVisible({ timeout: 30_000 });

  // Keyboard: Tab leaves the editor (not trapped).
  await editor.focus();
  await page.keyboard.press("Tab");
  await expect(editor).not.toBeFocused();

  expect(await violationsAtEveryViewport(page)).toEqual({});
});

test("the editor fits a phone and a desktop without sideways scrolling", async ({ page }) => {
  const email = uniqueEmail("studio-phone");
  await signInByEmail(page, email);
  await setPlan(email, "pro");
  for (const [, viewport] of AXE_VIEWPORTS) {
    await page.setViewportSize(viewport);
    await openStudio(page);
    // A long line wraps inside the editor rather than widening the page.
    await page
      .getByRole("textbox", { name: "Template source" })
      .fill(`<div style="${"padding: 10px; ".repeat(30)}">x</div>`);
    const box = await page.locator("[data-editor=code]").boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  }
});
