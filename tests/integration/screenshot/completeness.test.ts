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
});
