/**
 * The D19 page options on real Chromium against loopback fixture pages: selector (one element's
 * pixels), hideSelectors, click, scrollTo, waitUntil; their 400s and plan gates.
 */
import { describe, expect, it } from "vitest";
import { problemOf } from "@/tests/support/api";
import {
  BLUE,
  decode,
  expectColor,
  expectOk,
  GREEN,
  MAGENTA,
  RED,
  screenshotHarness,
  WHITE,
} from "@/tests/support/screenshot-harness";

const h = screenshotHarness();

describe("selector", () => {
  it("captures exactly the element's box, scrolled into view, at the device scale", async () => {
    const image = await decode(
      await expectOk(await h.shoot({ url: "interactions.html", selector: "#card", deviceScale: 2 })),
    );
    expect([image.width, image.height]).toEqual([600, 300]); // 300×150 CSS px at 2×, though it sits below the fold
    expectColor(image.pixel(5, 5), BLUE, "top-left corner of the card");
    expectColor(image.pixel(595, 295), BLUE, "bottom-right corner of the card");
  });

  it("a selector that never matches is a 400 naming it, before the request's 504", async () => {
    const res = await h.shoot({ url: "interactions.html", selector: "#missing", timeout: 12000 });
    expect(res.status).toBe(400);
    const problem = await problemOf(res);
    expect(problem).toMatchObject({ code: "selector_not_found", param: "selector" });
    expect(problem.detail).toContain('"#missing"');
  });

  it("an invalid selector, an element without a box and conflicting options are 400s naming selector", async () => {
    expect(await problemOf(await h.shoot({ url: "interactions.html", selector: "div[[" }))).toMatchObject({
      status: 400,
      code: "invalid_parameter",
      param: "selector",
    });
    expect(await problemOf(await h.shoot({ url: "interactions.html", selector: "#empty" }))).toMatchObject({
      status: 400,
      param: "selector",
    });
    const conflicting: Array<Record<string, string | boolean>> = [
      { clip: "0,0,10,10" },
      { fullPage: true },
      { format: "pdf" },
    ];
    for (const other of conflicting) {
      expect(await problemOf(await h.shoot({ url: "interactions.html", selector: "#card", ...other }))).toMatchObject({
        status: 400,
        code: "invalid_parameter",
        param: "selector",
      });
    }
  });
});

describe("hideSelectors, click, scrollTo", () => {
  it("hideSelectors removes every matching element from the capture", async () => {
    const shown = await decode(await expectOk(await h.shoot({ url: "interactions.html" })));
    expectColor(shown.pixel(600, 50), RED, "the banner, not hidden");
    const hidden = await decode(
      await expectOk(await h.shoot({ url: "interactions.html", hideSelectors: ".banner, #open" })),
    );
    expectColor(hidden.pixel(600, 50), WHITE, "where the banner was");
    expectColor(hidden.pixel(80, 170), WHITE, "where the button was");
  });

  it("click opens the panel before the capture", async () => {
    const closed = await decode(await expectOk(await h.shoot({ url: "interactions.html" })));
    expectColor(closed.pixel(500, 400), WHITE, "panel closed without click");
    const open = await decode(await expectOk(await h.shoot({ url: "interactions.html", click: "#open" })));
    expectColor(open.pixel(500, 400), GREEN, "panel opened by the click");
  });

  it("click and scrollTo that match nothing are 400s naming them", async () => {
    expect(await problemOf(await h.shoot({ url: "interactions.html", click: "#nope", timeout: 12000 }))).toMatchObject({
      status: 400,
      code: "selector_not_found",
      param: "click",
    });
    expect(
      await problemOf(await h.shoot({ url: "interactions.html", scrollTo: "#nope", timeout: 12000 })),
    ).toMatchObject({ status: 400, code: "selector_not_found", param: "scrollTo" });
    expect(await problemOf(await h.shoot({ url: "interactions.html", hideSelectors: "a{} body" }))).toMatchObject({
      status: 400,
      code: "invalid_parameter",
      param: "hideSelectors",
    });
  });

  it("scrollTo brings an element, or a pixel offset, to the top of the viewport", async () => {
    const bySelector = await decode(
      await expectOk(await h.shoot({ url: "interactions.html", scrollTo: "#features", height: 300 })),
    );
    expectColor(bySelector.pixel(10, 10), MAGENTA, "top of #features");
    const byPixels = await decode(
      await expectOk(await h.shoot({ url: "interactions.html", scrollTo: "1210", height: 100, width: 400 })),
    );
    expectColor(byPixels.pixel(150, 20), BLUE, "the card, 1,200 px down");
    expect(await problemOf(await h.shoot({ url: "interactions.html", scrollTo: "100001" }))).toMatchObject({
      status: 400,
      param: "scrollTo",
    });
  });
});

describe("waitUntil", () => {
  it("networkidle0 waits for a request the page makes after load; load does not", async () => {
    const atLoad = await decode(await expectOk(await h.shoot({ url: "late-request.html", width: 200, height: 200 })));
    expectColor(atLoad.pixel(100, 100), RED, "captured at the load event, before the late answer");
    const before = h.fx.hitsFor("/slow.html");
    const idle = await decode(
      await expectOk(await h.shoot({ url: "late-request.html", width: 200, height: 200, waitUntil: "networkidle0" })),
    );
    expectColor(idle.pixel(100, 100), GREEN, "captured after the late request answered");
    expect(h.fx.hitsFor("/slow.html")).toBeGreaterThan(before);
  });

  it("an unknown event is a 400 naming waitUntil", async () => {
    expect(await problemOf(await h.shoot({ url: "interactions.html", waitUntil: "idle" }))).toMatchObject({
      status: 400,
      code: "invalid_parameter",
      param: "waitUntil",
    });
  });
});

describe("plan gates (D19)", () => {
  it("hideSelectors needs Starter, click needs Pro; selector, scrollTo and waitUntil are Free", async () => {
    const free = await h.accountOn("free");
    const starter = await h.accountOn("starter");
    expect(
      await problemOf(await h.shoot({ url: "interactions.html", hideSelectors: ".banner" }, { account: free })),
    ).toMatchObject({ status: 403, code: "plan_upgrade_required", param: "hideSelectors" });
    const click = await problemOf(await h.shoot({ url: "interactions.html", click: "#open" }, { account: starter }));
    expect(click).toMatchObject({ status: 403, code: "plan_upgrade_required", param: "click" });
    expect(click.detail).toBe("click requires the Pro plan or higher.");
    await expectOk(
      await h.shoot(
        { url: "interactions.html", selector: "#card", scrollTo: "10", waitUntil: "domcontentloaded" },
        { account: free },
      ),
    );
  });
});
