/**
 * JavaScript dialogs (D17) in a real Chromium: every dialog is answered with its documented
 * default and listed in the JSON metadata; a page that never stops opening them ends at its own
 * deadline and leaves the other render slots working.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { problemOf } from "@/tests/support/api";
import { decode, expectColor, expectOk, GREEN, screenshotHarness } from "@/tests/support/screenshot-harness";

const h = screenshotHarness();
beforeAll(async () => {
  await expectOk(await h.shoot({ url: "basic.html?warm" })); // a warm browser, as in service
});

describe("dialogs (D17)", () => {
  it("answers alert, confirm (false) and prompt (null) and captures the page", async () => {
    // Unanswered, the first alert would hold the page until the timeout: a 504, not this 200.
    const image = await decode(await expectOk(await h.shoot({ url: "dialogs.html", timeout: 30_000 })));
    expectColor(image.pixel(640, 200), GREEN, "the confirm half (confirm answered false)");
    expectColor(image.pixel(640, 600), GREEN, "the prompt half (prompt answered null)");
  });

  it("lists the dialogs in the JSON metadata", async () => {
    const response = await h.shoot({ url: "dialogs.html?json", response: "json" });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { dialogs: unknown[]; dialogCount: number };
    expect(body.dialogCount).toBe(4);
    expect(body.dialogs).toEqual([
      { type: "alert", message: "hello from the page", answer: true },
      { type: "confirm", message: "Delete everything?", answer: false },
      { type: "prompt", message: "Your name?", answer: null },
      { type: "alert", message: "loaded", answer: true },
    ]);
  });

  it("a page without dialogs has no dialogs field", async () => {
    const body = (await (await h.shoot({ url: "basic.html?nodialogs", response: "json" })).json()) as Record<
      string,
      unknown
    >;
    expect(body).not.toHaveProperty("dialogs");
    expect(body).not.toHaveProperty("dialogCount");
  });

  it("a page that loops on dialogs ends at its deadline while other captures go on", async () => {
    const started = Date.now();
    let loopAnswered = false;
    const looping = h.shoot({ url: "dialog-loop.html", timeout: 15_000 }).finally(() => (loopAnswered = true));
    // Started while the looping page holds its slot: it is served before that page's deadline.
    const normal = await h.shoot({ url: "basic.html?beside-loop" });
    expect(normal.status).toBe(200);
    expect(loopAnswered).toBe(false);
    const problem = await problemOf(await looping);
    expect(problem).toMatchObject({ status: 504, code: "render_timeout" });
    const loopMs = Date.now() - started;
    expect(loopMs).toBeGreaterThanOrEqual(15_000 - 100);
    expect(loopMs).toBeLessThan(15_000 + 5_000);
    // Its slot comes back once its context is closed, after the check that asks a page stuck in
    // dialogs for metrics it never answers (up to METRICS_TIMEOUT_MS, D17/D30): a flat 5 s poll
    // lost that race in CI.
    const { renderLoad } = await import("@/lib/browser");
    const { METRICS_TIMEOUT_MS } = await import("@/lib/browser/recycle");
    await expect.poll(() => renderLoad().running, { timeout: METRICS_TIMEOUT_MS + 5_000 }).toBe(0);
  });

  it("beforeunload never blocks a navigation, even after a user gesture", async () => {
    const { Deadline, withPage } = await import("@/lib/browser");
    const { answerDialogs } = await import("@/lib/page/dialogs");
    const leave = async (answering: boolean) =>
      withPage(new Deadline(8_000), async ({ page }) => {
        const log = answering ? answerDialogs(page) : undefined;
        await page.goto(h.fx.url("beforeunload.html"));
        await page.click("body"); // a real input event: Chromium only asks pages that had one
        await page.goto(h.fx.url("plain.html"), { timeout: 3_000 });
        return { url: page.url(), dialogs: log?.listed ?? [] };
      });
    const answered = await leave(true);
    expect(answered.url).toBe(h.fx.url("plain.html"));
    expect(answered.dialogs).toEqual([{ type: "beforeunload", message: "", answer: true }]);
    // Control: without the answer, the same navigation is stuck behind the dialog.
    await expect(leave(false)).rejects.toThrow();
  });
});
