/**
 * Recorded sessions (D39, issue 45 point 3): a puppeteer-core client connects with record=true,
 * visits two fixture pages and closes; the session's video is an mp4 ffprobe reads, as long as the
 * session and the size of its viewport, and its network log lists both pages' requests with their
 * statuses and none of the cookie, Authorization or query secrets the client used. Another
 * workspace's id is a 404; a session not recorded is 404 recording_not_found, a live one 409.
 */
import puppeteer from "puppeteer-core";
import { describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { createTestAccount } from "@/tests/support/api";
import { probeVideo } from "@/tests/support/video";
import { sessionHarness } from "./harness";
import { call, newestSession, recorded, whenStored } from "./recorded";

const h = sessionHarness({ SESSION_CHECK_MS: "300" });
const SECRETS = ["cookie-secret-value", "auth-secret-value", "query-secret-value", "img-secret-value"];

async function createSession(apiKey: string, record: boolean) {
  const { POST } = await import("@/app/v1/sessions/route");
  const response = await POST(call("POST", `/v1/sessions${record ? "?record=true" : ""}`, apiKey));
  expect(response.status).toBe(201);
  const body = (await response.json()) as { id: string; connectUrl: string };
  return { id: body.id, local: `${h.endpoint}${new URL(body.connectUrl).search}` };
}

interface Entry {
  request: { method: string; url: string; headers: Array<{ name: string; value: string }> };
  response: { status: number; headers: Array<{ name: string; value: string }> };
  time: number;
}

describe("a recorded session", () => {
  it("leaves an mp4 of its pages and a redacted network log, its own workspace's only", async () => {
    // record=true as a query parameter of the WebSocket URL, the key in the header.
    const browser = await puppeteer.connect({
      browserWSEndpoint: `${h.endpoint}?record=true`,
      headers: { "X-API-Key": h.account.apiKey },
    });
    const session = await newestSession(h.account.apiKey);
    const page = await browser.newPage();
    // The video starts at the first navigation.
    const started = Date.now();
    await page.setExtraHTTPHeaders({ Authorization: "Bearer auth-secret-value" });
    expect((await page.goto(h.fx.url("form.html?token=query-secret-value")))?.status()).toBe(200);
    await page.evaluate(() => (document.cookie = "sid=cookie-secret-value; path=/"));
    await page.type("#name", "Ada");
    // While it lives: 409, never a partial file.
    expect((await recorded(session.id, "recording", h.account.apiKey)).status).toBe(409);
    expect((await page.goto(h.fx.url("recorded.html")))?.status()).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await browser.close();
    const lived = (Date.now() - started) / 1000;

    const video = await whenStored(session.id, "recording", h.account.apiKey);
    expect(video.headers.get("content-type"), await video.clone().text()).toBe("video/mp4");
    const facts = await probeVideo(Buffer.from(await video.arrayBuffer()), "mp4");
    expect(facts).toMatchObject({ codec: "h264", width: 800, height: 600 });
    expect(facts.duration).toBeGreaterThan(lived - 1.5);
    expect(facts.duration).toBeLessThan(lived + 1);
    // 5 frames a second, none missing: the latest frame repeated while the page did not change.
    expect(facts.frames).toBe(Math.round(facts.duration * 5));

    const network = await whenStored(session.id, "network", h.account.apiKey);
    expect(network.status).toBe(200);
    expect(network.headers.get("content-type")).toMatch(/^application\/json/);
    const text = await network.text();
    for (const secret of SECRETS) expect(text).not.toContain(secret);
    const entries = (JSON.parse(text) as { log: { entries: Entry[] } }).log.entries;
    const of = (name: string) => entries.find((entry) => new URL(entry.request.url).pathname === `/${name}`);
    expect(of("form.html")).toMatchObject({ request: { method: "GET" }, response: { status: 200 } });
    expect(of("form.html")!.request.url).toContain("token=%5Bredacted%5D");
    expect(of("recorded.html")).toMatchObject({ request: { method: "GET" }, response: { status: 200 } });
    expect(of("green.png")).toMatchObject({ response: { status: 200 } });
    const headers = of("recorded.html")!.request.headers;
    expect(headers.find((header) => header.name.toLowerCase() === "authorization")?.value).toBe("[redacted]");
    expect(of("recorded.html")!.time).toBeGreaterThanOrEqual(0);

    // Another workspace: the session does not exist for it.
    const other = await createTestAccount({ plan: "business" });
    for (const part of ["recording", "network"] as const) {
      const refused = await recorded(session.id, part, other.apiKey);
      expect(refused.status).toBe(404);
      expect(await refused.json()).toMatchObject({ code: "session_not_found" });
    }
  }, 60_000);

  it("is asked for by POST /v1/sessions's record=true too; a record that is not a boolean is refused before the upgrade", async () => {
    const session = await createSession(h.account.apiKey, true);
    const browser = await puppeteer.connect({ browserWSEndpoint: session.local });
    expect((await (await browser.newPage()).goto(h.fx.url("recorded.html")))?.status()).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await browser.close();
    const video = await whenStored(session.id, "recording", h.account.apiKey);
    expect(video.status).toBe(200);
    expect((await probeVideo(Buffer.from(await video.arrayBuffer()), "mp4")).codec).toBe("h264");
    const { log } = (await (await whenStored(session.id, "network", h.account.apiKey)).json()) as {
      log: { entries: Entry[] };
    };
    expect(log.entries.map((entry) => new URL(entry.request.url).pathname)).toContain("/recorded.html");

    const refused = await new Promise<number>((resolve) => {
      const socket = new WebSocket(`${h.endpoint}?record=maybe`, { headers: { "X-API-Key": h.account.apiKey } });
      socket.once("open", () => resolve(101));
      socket.once("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
      socket.once("error", () => {});
    });
    expect(refused).toBe(400);
  }, 30_000);

  it("is the only kind that has one: a session opened without record is a 404 recording_not_found", async () => {
    const session = await createSession(h.account.apiKey, false);
    const browser = await puppeteer.connect({ browserWSEndpoint: session.local });
    await (await browser.newPage()).goto(h.fx.url("form.html"));
    await browser.close();
    for (const part of ["recording", "network"] as const) {
      const refused = await whenStored(session.id, part, h.account.apiKey);
      expect(refused.status).toBe(404);
      expect(await refused.json()).toMatchObject({ code: "recording_not_found" });
    }
  }, 30_000);
});
