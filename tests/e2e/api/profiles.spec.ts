/**
 * Saved logins and the browsing tools through the production server (D43, issue 45 points 4-6):
 * an agent signs in through the login form of the fixture site with the MCP browsing tools (the
 * SDK's own client), saves the login, and GET /v1/screenshot with profile= shows the signed-in
 * page while the same URL without it is signed out; another workspace can neither use nor delete
 * the profile; the row is sealed; a CDP client's session is saved with POST
 * /v1/sessions/{id}/profile, listed without its values, and deleted.
 */
import { expect, test } from "@playwright/test";
import puppeteer from "puppeteer-core";
import sharp from "sharp";
import { e2e, sql } from "../support";
import { accountWithKey, answerOf, call, connect } from "./mcp-support";

test.describe.configure({ mode: "serial", timeout: 120_000 });

const loginPage = `${e2e.fixturesUrl}/login`;
const accountPage = `${e2e.fixturesUrl}/account`;

const api = (key: string, path: string, init: RequestInit = {}) =>
  fetch(new URL(path, e2e.appUrl), { ...init, headers: { "X-API-Key": key, ...init.headers } });

/** The colour in the middle of a screenshot: green signed in, red signed out (tests/support/login-site.ts). */
async function middle(png: ArrayBuffer): Promise<string> {
  const { data, info } = await sharp(Buffer.from(png)).raw().toBuffer({ resolveWithObject: true });
  const at = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
  return [data[at], data[at + 1], data[at + 2]].map((v) => v!.toString(16).padStart(2, "0")).join("");
}

const shot = (key: string, profile?: string) =>
  api(
    key,
    `/v1/screenshot?url=${encodeURIComponent(accountPage)}&width=400&height=300${profile ? `&profile=${profile}` : ""}`,
  );

function ref(snapshot: string, label: RegExp): string {
  const found = /\[ref=(e\d+)\]/.exec(snapshot.split("\n").find((l) => label.test(l)) ?? "")?.[1];
  if (!found) throw new Error(`no element ${label} in\n${snapshot}`);
  return found;
}

const textOf = (result: Awaited<ReturnType<typeof call>>) =>
  result.content.flatMap((c) => (c.type === "text" ? [c.text] : [])).join("\n");

test("an agent signs in with the browsing tools; a screenshot with the saved profile is signed in", async () => {
  const alice = await accountWithKey("business");
  const other = await accountWithKey("business");
  const client = await connect(alice.apiKey);
  try {
    const opened = await call(client, "browser_open", { url: loginPage });
    const sessionId = String(answerOf(opened).sessionId);
    const form = textOf(opened);
    await call(client, "browser_type", { sessionId, ref: ref(form, /text input "Username/), text: "alice" });
    await call(client, "browser_type", {
      sessionId,
      ref: ref(form, /password input "Password/),
      text: "correct-horse",
    });
    const signedIn = textOf(await call(client, "browser_click", { sessionId, ref: ref(form, /button "Sign in"/) }));
    expect(signedIn).toContain("Signed in as alice");
    const saved = answerOf(await call(client, "browser_save_profile", { sessionId, name: "e2e-alice" }));
    expect(saved).toMatchObject({ name: "e2e-alice", origins: [e2e.fixturesUrl] });
    await call(client, "browser_close", { sessionId });
  } finally {
    await client.close();
  }

  const withProfile = await shot(alice.apiKey, "e2e-alice");
  expect(withProfile.status).toBe(200);
  expect(await middle(await withProfile.arrayBuffer())).toBe("00c853");
  const without = await shot(alice.apiKey);
  expect(await middle(await without.arrayBuffer())).toBe("d50000");

  const foreign = await shot(other.apiKey, "e2e-alice");
  expect(foreign.status).toBe(404);
  expect(await foreign.json()).toMatchObject({ code: "profile_not_found" });
  expect((await api(other.apiKey, "/v1/profiles/e2e-alice", { method: "DELETE" })).status).toBe(404);

  const [row] = await sql<{ state: string }>("SELECT state FROM browser_profiles WHERE user_id = $1", [alice.userId]);
  expect(row!.state).toMatch(/^v1\./);
  expect(row!.state).not.toMatch(/sid|from-login|alice/);
});

test("a CDP client's session is saved with POST /v1/sessions/{id}/profile, listed without values, deleted", async () => {
  const { apiKey } = await accountWithKey("business");
  const created = (await (await api(apiKey, "/v1/sessions", { method: "POST" })).json()) as {
    id: string;
    connectUrl: string;
  };
  const browser = await puppeteer.connect({ browserWSEndpoint: created.connectUrl });
  try {
    const page = await browser.newPage();
    await page.goto(loginPage);
    await page.type("input[name=username]", "alice");
    await page.type("input[name=password]", "correct-horse");
    await Promise.all([page.waitForNavigation(), page.click("button")]);
    expect(await page.$eval("#who", (el) => el.textContent)).toBe("Signed in as alice");
    const saved = await api(apiKey, `/v1/sessions/${created.id}/profile`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "e2e-rest" }),
    });
    expect(saved.status).toBe(201);
  } finally {
    await browser.close();
  }
  const listed = await (await api(apiKey, "/v1/profiles")).text();
  expect(JSON.parse(listed)).toEqual({
    profiles: [expect.objectContaining({ name: "e2e-rest", cookieDomains: ["127.0.0.1"] })],
  });
  expect(listed).not.toMatch(/"value"|sid|from-login/);
  expect((await api(apiKey, "/v1/profiles/e2e-rest", { method: "DELETE" })).status).toBe(204);
  expect((await (await api(apiKey, "/v1/profiles")).json()) as unknown).toEqual({ profiles: [] });
});
