/**
 * A recorded session through the production server (D39, issue 45 point 3): Playwright connects
 * with the connect URL of POST /v1/sessions?record=true, visits two fixture pages and closes; the
 * session's video and network log are then served by the app (the recorder runs in the bundle
 * that holds the browsers, the files come back through the result store). Their content is
 * checked in depth by tests/integration/sessions/recording.test.ts.
 */
import { chromium, expect, test } from "@playwright/test";
import { e2e } from "../support";
import { accountWithKey } from "./mcp-support";

const shared = `${e2e.fixturesUrl}/shared/sessions`;

async function whenStored(url: string, apiKey: string): Promise<Response> {
  for (let tries = 0; ; tries++) {
    const response = await fetch(url, { headers: { "X-API-Key": apiKey } });
    if (response.status !== 409 || tries > 150) return response;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

test("a session opened with record=true leaves its mp4 and its network log", async () => {
  const { apiKey } = await accountWithKey("business");
  const created = await fetch(`${e2e.appUrl}/v1/sessions?record=true`, {
    method: "POST",
    headers: { "X-API-Key": apiKey },
  });
  expect(created.status).toBe(201);
  const { id, connectUrl } = (await created.json()) as { id: string; connectUrl: string };
  const browser = await chromium.connectOverCDP(connectUrl);
  const page = await browser.contexts()[0].newPage();
  await page.goto(`${shared}/form.html?token=e2e-secret-value`);
  expect((await fetch(`${e2e.appUrl}/v1/sessions/${id}/recording`, { headers: { "X-API-Key": apiKey } })).status).toBe(
    409,
  );
  await page.goto(`${shared}/recorded.html`);
  await page.waitForTimeout(1000);
  await browser.close();

  const video = await whenStored(`${e2e.appUrl}/v1/sessions/${id}/recording`, apiKey);
  expect(video.status).toBe(200);
  expect(video.headers.get("content-type")).toBe("video/mp4");
  const bytes = Buffer.from(await video.arrayBuffer());
  expect(bytes.subarray(4, 8).toString()).toBe("ftyp");

  const network = await whenStored(`${e2e.appUrl}/v1/sessions/${id}/network`, apiKey);
  expect(network.status).toBe(200);
  const text = await network.text();
  expect(text).not.toContain("e2e-secret-value");
  const { log } = JSON.parse(text) as {
    log: { entries: Array<{ request: { url: string }; response: { status: number } }> };
  };
  const documents = log.entries.filter((entry) => /\/(form|recorded)\.html/.test(entry.request.url));
  expect(
    documents.map((entry) => [new URL(entry.request.url).pathname.split("/").pop(), entry.response.status]),
  ).toEqual([
    ["form.html", 200],
    ["recorded.html", 200],
  ]);

  const stranger = await accountWithKey("business");
  const refused = await fetch(`${e2e.appUrl}/v1/sessions/${id}/network`, { headers: { "X-API-Key": stranger.apiKey } });
  expect(refused.status).toBe(404);
});
