/**
 * Pages that navigate during the render (D23, issue #27 points 1, 3 and 9), on real Chromium
 * through the real /v1/screenshot route: a page (url or html) that sends itself to a refused
 * address after loading — location, a meta refresh, a form, a clicked link — is a 400 naming the
 * refusal and costs no render, never Chromium's error page answered 200; customJS that navigates
 * is captured on the page it went to; a PDF template Chromium cannot print is a 400 and costs no
 * browser. 127.0.0.2 is loopback off ALLOW_PRIVATE_ORIGINS; the canary runs of the same pages
 * are in tests/integration/net/isolated/endpoint.spec.ts.
 */
import { describe, expect, it } from "vitest";
import { problemOf, rendersOf } from "@/tests/support/api";
import { decode, expectColor, expectOk, GREEN, RED, screenshotHarness } from "@/tests/support/screenshot-harness";

const h = screenshotHarness();

const REFUSED = "http://127.0.0.2:9/";

describe("a page that navigates itself to a refused address (D23)", () => {
  it.each(["location", "meta", "form", "link"])(
    "url target, %s after load: 400 private_address, nothing charged",
    async (how) => {
      const account = await h.accountOn("business");
      const url = h.fx.url(`navigates-away.html?how=${how}&to=${encodeURIComponent(REFUSED)}`);
      const response = await h.shoot({ url, delay: 600, response: "json" }, { account });
      const problem = await problemOf(response);
      expect(problem, JSON.stringify(problem)).toMatchObject({ status: 400, code: "private_address", param: "url" });
      expect(problem.detail).toMatch(/navigated itself/);
      expect(await rendersOf(account)).toBe(0);
    },
  );

  it.each([
    ["a meta refresh", `<meta http-equiv="refresh" content="0;url=${REFUSED}"><p>hi</p>`],
    [
      "location after load",
      `<p>hi</p><script>onload = () => setTimeout(() => (location.href = "${REFUSED}"), 20)</script>`,
    ],
    [
      "a form that submits itself",
      `<form method="post" action="${REFUSED}"><input name="a"></form><script>onload = () => document.forms[0].submit()</script>`,
    ],
  ])("html input with %s: 400 private_address naming html, nothing charged", async (_what, html) => {
    const account = await h.accountOn("business");
    const problem = await problemOf(await h.post({ html, delay: 600 }, { account }));
    expect(problem, JSON.stringify(problem)).toMatchObject({ status: 400, code: "private_address", param: "html" });
    expect(await rendersOf(account)).toBe(0);
  });

  it("a link whose ping is refused still leads to its page: the ping is a request, not a navigation", async () => {
    const url = h.fx.url(`navigates-away.html?how=link&to=basic.html&ping=${encodeURIComponent(REFUSED)}`);
    const image = await decode(await expectOk(await h.shoot({ url, width: 400, height: 400, delay: 600 })));
    expectColor(image.pixel(200, 200), RED, "basic.html, where the link led");
  });

  it("control: the same page navigating to an allowed address is captured there", async () => {
    const url = h.fx.url(`navigates-away.html?how=location&to=basic.html`);
    const image = await decode(await expectOk(await h.shoot({ url, width: 400, height: 400, delay: 600 })));
    expectColor(image.pixel(200, 200), RED, "basic.html");
  });
});

describe("customJS that navigates (D23)", () => {
  it.each([
    ["location and keeps running", `location.href = "/basic.html"; await new Promise((r) => setTimeout(r, 2000));`],
    [
      "form.submit()",
      `const f = document.createElement("form"); f.action = "/basic.html"; document.body.append(f); f.submit(); await new Promise((r) => setTimeout(r, 2000));`,
    ],
  ])("%s: captured on the page it went to, the script not run again", async (_what, customJS) => {
    const before = h.fx.hitsFor("/basic.html");
    const response = await h.shoot({ url: "plain.html", width: 400, height: 400, customJS });
    const image = await decode(await expectOk(response));
    expectColor(image.pixel(200, 200), RED, "basic.html");
    expect(h.fx.hitsFor("/basic.html") - before).toBe(1);
  });

  it("to a refused address: 400 private_address", async () => {
    const problem = await problemOf(
      await h.shoot({
        url: "plain.html",
        customJS: `location.href = "${REFUSED}"; await new Promise((r) => setTimeout(r, 2000));`,
      }),
    );
    expect(problem).toMatchObject({ status: 400, code: "private_address" });
  });
});

describe("PDF templates Chromium cannot print", () => {
  it.each([
    ["headerTemplate", `<link rel="stylesheet" href="${REFUSED}x.css"><span class="title"></span>`],
    ["footerTemplate", `<style>@import url(${REFUSED}y.css);</style><span class="pageNumber"></span>`],
  ])("a %s that loads a stylesheet is 400 naming it, and the browser is kept", async (param, template) => {
    const { browserSource, Deadline, quiesce } = await import("@/lib/browser");
    const browser = await browserSource().acquire(new Deadline(10_000));
    const problem = await problemOf(await h.shoot({ url: "basic.html", format: "pdf", [param]: template }));
    expect(problem).toMatchObject({ status: 400, code: "invalid_parameter", param });
    await quiesce();
    expect(await browserSource().acquire(new Deadline(10_000))).toBe(browser); // not recycled
    expect(browser.connected).toBe(true);
    const ok = await h.shoot({ url: "basic.html", format: "pdf", headerTemplate: `<span class="title"></span>` });
    expect((await expectOk(ok)).subarray(0, 4).toString("latin1")).toBe("%PDF");
  });
});

describe("cookies only https keeps (issue #27 point 2)", () => {
  it("__Host- on an http url is 400 invalid_parameter naming cookies, before any render", async () => {
    const problem = await problemOf(await h.shoot({ url: "basic.html", cookies: JSON.stringify({ "__Host-a": "b" }) }));
    expect(problem).toMatchObject({ status: 400, code: "invalid_parameter", param: "cookies" });
  });
});

it("control: a page that stays put is captured (the green page)", async () => {
  const url = h.fx.url(`navigates-away.html?how=none`);
  const image = await decode(await expectOk(await h.shoot({ url, width: 400, height: 400, delay: 200 })));
  expectColor(image.pixel(200, 200), GREEN, "navigates-away.html itself");
});
