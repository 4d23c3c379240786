/**
 * blockTrackers, blockChats and blockRequests (D19) on real Chromium with the shipped lists: the
 * requests a real list rule or a caller's pattern matches never reach the server, a chat launcher
 * is hidden, and response=json counts what each blocker stopped. Bad values 400, gates 403.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { problemOf } from "@/tests/support/api";
import { type EchoServer, startEchoServer } from "./echo-servers";
import { decode, expectColor, expectOk, MAGENTA, screenshotHarness, WHITE } from "@/tests/support/screenshot-harness";

let site: EchoServer;

const PAGE = `<!doctype html><html><head><style>html, body { margin: 0; background: #fff; }</style></head><body>
<script src="/js/exponea.min.js"></script>
<img src="/statistics/md.gif?v=1">
<iframe src="/sp_rss_iframe.html" width="10" height="10"></iframe>
<img src="/custom/beacon.gif?x=1">
<img src="/kept.gif">
<div id="tidio-chat" style="position: fixed; right: 0; bottom: 0; width: 100px; height: 100px; background: rgb(255, 0, 255)"></div>
</body></html>`;
const STOPPABLE = ["/js/exponea.min.js", "/statistics/md.gif", "/sp_rss_iframe.html", "/custom/beacon.gif"];

beforeAll(async () => {
  site = await startEchoServer("127.0.0.1");
  site.pages.set("/page", PAGE);
});
// Registered before the harness, so the site stops after it, as before.
afterAll(async () => site?.close());
const h = screenshotHarness(() => ({ plan: "starter", allowOrigins: [site.origin] }));

const pathsSince = (from: number) => site.seen.slice(from).map((r) => r.path);

describe("the shipped lists", () => {
  it("have the generic rules the page relies on, and real chat and analytics hosts", async () => {
    const { filterEngine } = await import("@/lib/page/filters/engine");
    const trackers = await filterEngine("trackers");
    const chats = await filterEngine("chats");
    const top = `${site.origin}/page`;
    expect(trackers.match(`${site.origin}/js/exponea.min.js`, top, "script").blocked).toBe(true);
    expect(trackers.match(`${site.origin}/statistics/md.gif?v=1`, top, "image").blocked).toBe(true);
    expect(
      trackers.match("https://www.google-analytics.com/analytics.js", "https://shop.example/", "script").blocked,
    ).toBe(true);
    expect(chats.match(`${site.origin}/sp_rss_iframe.html`, top, "sub_frame").blocked).toBe(true);
    expect(chats.match("https://client.crisp.chat/l.js", "https://shop.example/", "script").blocked).toBe(true);
    expect(chats.match("https://embed.tawk.to/123/default", "https://shop.example/", "script").blocked).toBe(true);
    expect(trackers.match(`${site.origin}/kept.gif`, top, "image").blocked).toBe(false);
  });
});

describe("blocking", () => {
  it("without blockers everything loads and the JSON has no counts", async () => {
    const from = site.seen.length;
    const response = await h.shoot({ url: `${site.origin}/page?plain`, response: "json" });
    const body = (await response.json()) as Record<string, unknown>;
    expect(response.status).toBe(200);
    for (const p of [...STOPPABLE, "/kept.gif"]) expect(pathsSince(from)).toContain(p);
    expect(body.blockedRequests).toBeUndefined();
  });

  it("stops what each blocker matches, hides the chat launcher, and counts per blocker", async () => {
    const from = site.seen.length;
    const query = {
      url: `${site.origin}/page?blocked`,
      blockTrackers: true,
      blockChats: true,
      blockRequests: "*/beacon.gif*,page-that-is-not-here",
      width: 400,
      height: 300,
    };
    const response = await h.shoot({ ...query, response: "json" });
    const body = (await response.json()) as Record<string, unknown>;
    expect(response.status, JSON.stringify(body)).toBe(200);
    const seen = pathsSince(from);
    for (const p of STOPPABLE) expect(seen, p).not.toContain(p);
    expect(seen).toContain("/kept.gif");
    expect(body.blockedRequests).toEqual({ trackers: 2, chats: 1, requests: 1 });
    // The same counts on a HIT: they are stored with the result.
    const again = (await (await h.shoot({ ...query, response: "json" })).json()) as Record<string, unknown>;
    expect(again.blockedRequests).toEqual({ trackers: 2, chats: 1, requests: 1 });
    const image = await decode(await expectOk(await h.shoot(query)));
    expectColor(image.pixel(350, 250), WHITE, "where the chat launcher was");
  });

  it("the chat launcher is there without blockChats, and a pattern never blocks the page itself", async () => {
    const image = await decode(
      await expectOk(
        await h.shoot({ url: `${site.origin}/page?self`, blockRequests: "/page", width: 400, height: 300 }),
      ),
    );
    expectColor(image.pixel(350, 250), MAGENTA, "chat launcher");
  });
});

describe("bad values and gates", () => {
  it.each([
    ["blockRequests", "has space"],
    ["blockRequests", "a,,b"],
    ["blockRequests", Array.from({ length: 51 }, (_, i) => `p${i}`).join(",")],
    ["blockTrackers", "maybe"],
    ["blockChats", "2"],
  ])("%s=%s is a 400 naming it", async (param, value) => {
    const problem = await problemOf(await h.shoot({ url: `${site.origin}/page?bad`, [param]: value }));
    expect(problem).toMatchObject({ status: 400, param });
  });

  it("each is Starter or higher: 403 on Free", async () => {
    const free = await h.accountOn("free");
    for (const [param, value] of [
      ["blockTrackers", "true"],
      ["blockChats", "true"],
      ["blockRequests", "beacon"],
    ]) {
      const problem = await problemOf(
        await h.shoot({ url: `${site.origin}/page?gate`, [param]: value }, { account: free }),
      );
      expect(problem).toMatchObject({ status: 403, code: "plan_upgrade_required", param });
    }
  });
});
