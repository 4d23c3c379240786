/**
 * The completeness report on every capture (D36): X-Capture-Complete and `completeness` in the
 * JSON metadata, and requireComplete=true's 422 capture_incomplete, which is not charged.
 */
import { describe, expect, it } from "vitest";
import { problemOf, rendersOf } from "@/tests/support/api";
import { expectOk, screenshotHarness } from "@/tests/support/screenshot-harness";

const h = screenshotHarness();

interface Report {
  complete: boolean;
  reasons: string[];
  reachedBottom: boolean | null;
  images: { loaded: number; pending: number; failed: number };
  fonts: { loaded: number; pending: number; failed: number };
  openRequests: { count: number; rendering: number; urls: string[] };
  dom: { changing: boolean | null; lastChangeMsAgo: number | null };
  waits: Record<string, unknown>;
}

async function reportOf(query: Record<string, string | number | boolean>): Promise<{ res: Response; report: Report }> {
  const res = await h.shoot({ ...query, response: "json" });
  const body = JSON.parse((await expectOk(res)).toString()) as { completeness: Report };
  return { res, report: body.completeness };
}

describe("the completeness report", () => {
  it("a finished page is complete, with what was loaded and the waits used", async () => {
    const { res, report } = await reportOf({
      url: "tall-lazy.html",
      fullPage: true,
      width: 800,
      height: 600,
      delay: 600,
    });
    expect(res.headers.get("x-capture-complete")).toBe("true");
    expect(res.headers.get("x-capture-incomplete")).toBeNull();
    expect(report).toMatchObject({
      complete: true,
      reasons: [],
      reachedBottom: true,
      pageHeight: 7000,
      capturedHeight: 7000,
      images: { loaded: 2, pending: 0 },
      fonts: { pending: 0 },
      openRequests: { rendering: 0 },
      dom: { changing: false },
      waits: { waitUntil: "load", waitForSelector: false, fonts: true, scrolled: true, delayMs: 600, completeMs: 0 },
    });
  });

  it("a page without a script, captured as soon as it loaded, never changed: parsing it is not a change", async () => {
    // Issue 51's walk: every quick static page (Debian's socat.html, a Sphinx page) was reported
    // dom_changing, the parser's own insertions a few ms before the capture counted as changes.
    const { res, report } = await reportOf({ url: "basic.html" });
    expect(report).toMatchObject({ complete: true, reasons: [], dom: { changing: false, lastChangeMsAgo: null } });
    expect(res.headers.get("x-capture-complete")).toBe("true");
  });

  it("an image still loading is named, with the request still open; a viewport capture has no bottom to reach", async () => {
    const { res, report } = await reportOf({ url: "unfinished.html", waitUntil: "domcontentloaded" });
    expect(res.headers.get("x-capture-complete")).toBe("false");
    expect(res.headers.get("x-capture-incomplete")).toBe("images_pending, requests_open");
    expect(report).toMatchObject({
      complete: false,
      reachedBottom: null,
      images: { pending: 1 },
      openRequests: { rendering: 1 },
    });
    expect(report.openRequests.urls).toEqual([h.fx.url("hang.png")]);
  });

  it("a page that keeps changing is named; requireComplete waits, then answers an uncharged 422", async () => {
    // A quarter second in, the page has changed a few times (every 100 ms): captured before its first
    // change, nothing could tell it from a still page.
    const { report } = await reportOf({ url: "changing.html", delay: 250 });
    expect(report).toMatchObject({ complete: false, reasons: ["dom_changing"], dom: { changing: true } });

    const before = await rendersOf(h.account);
    const refused = await h.shoot({ url: "changing.html", requireComplete: true, timeout: 4000 });
    expect(refused.status).toBe(422);
    expect((await problemOf(refused)).code).toBe("capture_incomplete");
    expect(refused.headers.get("x-capture-complete")).toBe("false");
    expect(refused.headers.get("x-capture-incomplete")).toBe("dom_changing");
    expect(await rendersOf(h.account)).toBe(before);
  });

  // An html render is set into the page (setContent) rather than navigated to: the same report.
  const htmlReport = async (html: string, extra: Record<string, unknown> = {}) => {
    const res = await h.post({ html, width: 600, height: 400, response: "json", ...extra });
    return (JSON.parse((await expectOk(res)).toString()) as { completeness: Report }).completeness;
  };

  it("html input: a still page is complete, its own parsing no change; a changing one is named", async () => {
    const still = await htmlReport("<!doctype html><h1>Still</h1><p>Nothing moves here.</p>");
    expect(still).toMatchObject({ complete: true, reasons: [], dom: { changing: false, lastChangeMsAgo: null } });
    const ticking = `<!doctype html><p id=t>0</p><script>let n = 0; setInterval(() => { t.textContent = ++n; }, 100);</script>`;
    expect(await htmlReport(ticking, { delay: 250 })).toMatchObject({
      complete: false,
      reasons: ["dom_changing"],
      dom: { changing: true },
    });
  });

  it("html input: an image it names that never arrives is named, with its request", async () => {
    const report = await htmlReport(
      `<!doctype html><h1>Waiting</h1><img src="${h.fx.url("hang.png")}" width="100" height="100">`,
      {
        waitUntil: "domcontentloaded",
      },
    );
    expect(report).toMatchObject({ complete: false, images: { pending: 1 }, openRequests: { rendering: 1 } });
    expect(report.reasons).toEqual(expect.arrayContaining(["images_pending", "requests_open"]));
    expect(report.openRequests.urls).toEqual([h.fx.url("hang.png")]);
  });
});
