/**
 * The boundary end to end, through the real GET /v1/screenshot and GET /v1/content handlers (the
 * same cases for both, D24; called in-process with a real account and key, the service's own
 * browser, flags, guard proxy and page guard): attack pages on the allowed fixture origin, as a
 * url and as html, render to a 200 image or content while the canary hears nothing, a
 * main document redirected to the canary is a 400 private_address, so is a page (url or html) that
 * navigates itself to the canary after loading (D23), and the canary named directly
 * by loopback spellings is refused before any browser work. The namespace has no Postgres or
 * Redis, so the account lives in the embedded database and results in DATA_DIR files.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apiRequest, createTestAccount, problemOf, type TestAccount } from "@/tests/support/api";
import { testEnvironment } from "@/tests/support/test-env";
import { startFixtureSite, type FixtureSite } from "../support/fixture-site";
import { sleep, startWorld, type World } from "../support/world";

let world: World;
let fixture: FixtureSite;
let account: TestAccount;
type Route = (request: Request) => Promise<Response>;
let P: number;

/** Each render endpoint, with what its success looks like. */
const ENDPOINTS: ReadonlyArray<{
  name: "screenshot" | "content" | "animate";
  load: () => Promise<{ GET: Route }>;
  query: Record<string, string>;
  expectOk: (response: Response) => Promise<void>;
  /** A Starter parameter both schemas have, for the 400-before-403 case (D2). */
  starterParam: Record<string, string>;
}> = [
  {
    name: "screenshot",
    load: () => import("@/app/v1/screenshot/route"),
    query: { width: "400", height: "300" },
    expectOk: expectImage,
    starterParam: { darkMode: "true" },
  },
  {
    name: "content",
    load: () => import("@/app/v1/content/route"),
    // Every format, so every way the content endpoint reads the page (and its screenshot) is exercised.
    query: { width: "400", height: "300", formats: "markdown,html,text,links,metadata,screenshot" },
    expectOk: expectContent,
    starterParam: { blockAds: "true" },
  },
  {
    name: "animate",
    load: () => import("@/app/v1/animate/route"),
    // A short recording: the page is loaded as a screenshot's, then four frames are recorded (D26).
    query: { width: "320", height: "180", duration: "1000", fps: "4", pauseStart: "0", pauseEnd: "0" },
    expectOk: expectVideo,
    starterParam: { blockAds: "true" },
  },
];

// Waits (bounded) for the attack page to report back, so a silent canary follows an attack that ran.
const AWAIT_DONE = "for (let i = 0; i < 80 && !window.__done; i++) await new Promise((r) => setTimeout(r, 50));";

beforeAll(async () => {
  world = await startWorld();
  P = world.canary.port;
  fixture = await startFixtureSite(P);
});

testEnvironment(() => ({
  database: "embedded",
  extra: { ALLOW_PRIVATE_ORIGINS: fixture.origin, BROWSER_CONCURRENCY: "2" },
}));

beforeAll(async () => {
  account = await createTestAccount({ plan: "business" });
});
afterAll(async () => {
  const { shutdownBrowsers } = await import("@/lib/browser");
  await shutdownBrowsers();
  await fixture?.close();
  await world?.close();
});
beforeEach(() => world.canary.reset());

async function expectContent(response: Response): Promise<void> {
  if (response.status !== 200) throw new Error(`expected 200, got ${response.status}: ${await response.text()}`);
  expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
  const body = (await response.json()) as { formats: string[]; markdown: string; screenshot?: { format: string } };
  expect(typeof body.markdown).toBe("string");
  if (body.formats.includes("screenshot")) expect(body.screenshot?.format).toBe("png");
}

async function expectVideo(response: Response): Promise<void> {
  if (response.status !== 200) throw new Error(`expected 200, got ${response.status}: ${await response.text()}`);
  expect(response.headers.get("content-type")).toBe("video/mp4");
  const bytes = Buffer.from(await response.arrayBuffer());
  expect(bytes.subarray(4, 8).toString("latin1")).toBe("ftyp");
}

async function expectImage(response: Response): Promise<void> {
  if (response.status !== 200) throw new Error(`expected 200, got ${response.status}: ${await response.text()}`);
  expect(response.headers.get("content-type")).toBe("image/png");
  const bytes = Buffer.from(await response.arrayBuffer());
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
}

async function expectPrivateAddress(response: Response, what: string): Promise<void> {
  expect(response.status, what).toBe(400);
  const problem = await problemOf(response);
  expect(problem.type, what).toMatch(/private_address$/);
}

describe.each(ENDPOINTS)("GET /v1/$name in a loopback-only namespace", (endpoint) => {
  let GET: Route;
  beforeAll(async () => {
    ({ GET } = await endpoint.load());
  });
  const expectOk = endpoint.expectOk;

  function shoot(url: string, extra: Record<string, string> = {}, apiKey = account.apiKey): Promise<Response> {
    const params = new URLSearchParams({
      ...(url ? { url } : {}),
      ...endpoint.query,
      // The boundary is under test, not speed (15 s was once too little beside the suite: a CI 504).
      timeout: "30000",
      ...extra,
    });
    return GET(apiRequest(`/v1/${endpoint.name}?${params}`, { apiKey }));
  }

  it.each(["img", "css", "fetch", "websocket", "serviceworker"])(
    "%s attack page given as html (with a <base> on the fixture): 200, the page ran, the canary hears nothing",
    async (kind) => {
      fixture.beacons.delete(kind);
      const source = await (await fetch(`${fixture.origin}/attack/${kind}`)).text();
      const html = source.replace("<head>", `<head><base href="${fixture.origin}/">`);
      await expectOk(await shoot("", { html, customJS: AWAIT_DONE }));
      expect(fixture.beacons.has(kind), `the ${kind} page did not finish`).toBe(true);
      await sleep(300);
      expect(world.canary.events).toEqual([]);
    },
  );

  it.each(["img", "css", "iframe", "fetch", "xhr", "websocket", "popup", "serviceworker", "subresource-redirect"])(
    "%s attack page: 200 image, the page ran, the canary hears nothing",
    async (kind) => {
      fixture.beacons.delete(kind);
      await expectOk(await shoot(`${fixture.origin}/attack/${kind}`, { customJS: AWAIT_DONE }));
      expect(fixture.beacons.has(kind), `the ${kind} page did not finish`).toBe(true);
      if (kind === "serviceworker") expect(fixture.beacons.get(kind)).toBe("refused:SecurityError");
      await sleep(300); // stragglers (beacons, pop-ups, workers) get their chance to leak
      expect(world.canary.events).toEqual([]);
    },
  );

  it("a main document redirected (via a chain) to the canary is a 400 private_address", async () => {
    for (const to of [`http://127.0.0.1:${P}/nav`, `http://localhost:${P}/nav`, `http://169.254.169.254:${P}/nav`]) {
      const response = await shoot(`${fixture.origin}/attack/redirect?n=2&to=${encodeURIComponent(to)}`);
      await expectPrivateAddress(response, to);
    }
    await sleep(300);
    expect(world.canary.events).toEqual([]);
  });

  // D23: a page that sends itself to the canary after loading is refused like a refused redirect
  // (400, nothing charged) — never Chromium's "blocked" error page answered 200.
  it.each(["meta", "script-nav", "form"])(
    "url target whose page navigates itself to the canary (%s): 400 private_address, canary silent",
    async (kind) => {
      for (const to of [
        `http://127.0.0.1:${P}/nav`,
        `http://canary.test:${P}/nav`,
        `http://169.254.169.254:${P}/nav`,
      ]) {
        fixture.beacons.delete(kind);
        const response = await shoot(`${fixture.origin}/attack/${kind}?to=${encodeURIComponent(to)}`, {
          delay: "1500",
        });
        await expectPrivateAddress(response, `${kind} → ${to}`);
        if (kind !== "meta") expect(fixture.beacons.has(kind), `the ${kind} page did not run`).toBe(true);
      }
      await sleep(300);
      expect(world.canary.events).toEqual([]);
    },
  );

  it.each([
    ["a meta refresh", (to: string) => `<meta http-equiv="refresh" content="0;url=${to}"><p>hi</p>`],
    [
      "location",
      (to: string) => `<p>hi</p><script>onload = () => setTimeout(() => (location.href = "${to}"), 20)</script>`,
    ],
    [
      "a form that submits itself",
      (to: string) =>
        `<form method="post" action="${to}"></form><script>onload = () => document.forms[0].submit()</script>`,
    ],
    [
      "a clicked link with a ping",
      (to: string) => `<a href="${to}" ping="${to}ping">x</a><script>onload = () => document.links[0].click()</script>`,
    ],
  ])("html input with %s to the canary: 400 private_address, canary silent", async (_what, page) => {
    for (const to of [`http://127.0.0.1:${P}/nav`, `http://canary.test:${P}/nav`]) {
      const response = await shoot("", { html: page(to), delay: "1000" });
      await expectPrivateAddress(response, to);
    }
    await sleep(300);
    expect(world.canary.events).toEqual([]);
  });

  it.each([
    "http://127.1:PORT/",
    "http://[::ffff:127.0.0.1]:PORT/",
    "http://2130706433:PORT/",
    "http://localhost:PORT/",
  ])("url=%s (the canary by a loopback spelling) is a 400 private_address", async (spelling) => {
    const url = spelling.replace("PORT", String(P));
    await expectPrivateAddress(await shoot(url), url);
    expect(world.canary.events).toEqual([]);
  });

  it("refuses hosts private on their face while validating: before plan gates, without spending the rate limit (D2)", async () => {
    const free = await createTestAccount({ plan: "free" }); // 10 requests a minute
    const asFree = (url: string, extra: Record<string, string> = {}) => shoot(url, extra, free.apiKey);
    // A Starter parameter (darkMode, blockAds): the bad target is still the answer, a 400 before the 403.
    await expectPrivateAddress(
      await asFree(`http://169.254.169.254:${P}/latest/meta-data/`, endpoint.starterParam),
      "metadata + a Starter parameter",
    );
    const spellings = [
      "127.0.0.1",
      "0x7f000001",
      "2130706433",
      "127.1",
      "[::1]",
      "[::ffff:127.0.0.1]",
      "localhost",
      "10.0.0.1",
      "192.168.1.1",
      "100.64.0.1",
      "[fd00::1]",
      "0.0.0.0",
    ];
    for (const host of spellings) await expectPrivateAddress(await asFree(`http://${host}:${P}/`), host);
    // Twelve refusals later the account still has its whole minute: a real capture goes through.
    const allowed = await asFree(`${fixture.origin}/hello`, endpoint.name === "content" ? { formats: "markdown" } : {});
    await expectOk(allowed);
    expect(allowed.headers.get("ratelimit-remaining")).toBe("9");
    expect(world.canary.events).toEqual([]);
  });

  it("control: the fixture origin itself is reachable through the endpoint", async () => {
    const before = fixture.requests.length;
    await expectOk(await shoot(`${fixture.origin}/hello`));
    expect(fixture.requests.slice(before)).toContain("/hello");
  });
});

/**
 * A recording (D26) holds its page inside the boundary to its last frame: what a page does while
 * it is being recorded — here started by a click step in the middle of the video — meets the guard
 * like anything it does while loading.
 */
describe("GET /v1/animate: a page acting mid-recording", () => {
  let GET: Route;
  beforeAll(async () => {
    ({ GET } = await import("@/app/v1/animate/route"));
  });

  function record(html: string): Promise<Response> {
    const steps = JSON.stringify([{ wait: 500 }, { click: "#go" }, { wait: 1000 }]);
    const params = new URLSearchParams({ html, steps, width: "320", height: "180", fps: "4", timeout: "30000" });
    return GET(apiRequest(`/v1/animate?${params}`, { apiKey: account.apiKey }));
  }

  const button = (onclick: string) =>
    `<base href="${fixture.origin}/"><button id="go" style="width:200px;height:80px" onclick='${onclick}'>go</button>`;

  it("connections it opens to the canary are refused and the recording is delivered", async () => {
    const targets = [`http://127.0.0.1:${P}`, `http://canary.test:${P}`, `http://169.254.169.254:${P}`];
    const onclick = targets
      .map(
        (t) =>
          `fetch("${t}/f").catch(()=>{}); new Image().src="${t}/i.png"; try { new WebSocket("${t.replace("http", "ws")}/ws") } catch {}`,
      )
      .join(" ");
    await expectVideo(await record(button(`${onclick} fetch("/beacon/mid-recording")`)));
    expect(
      fixture.requests.some((r) => r.startsWith("/beacon/mid-recording")),
      "the click did not run",
    ).toBe(true);
    await sleep(300);
    expect(world.canary.events).toEqual([]);
  });

  it("a navigation to the canary is a 400 private_address: nothing recorded, stored or charged", async () => {
    for (const to of [`http://127.0.0.1:${P}/nav`, `http://canary.test:${P}/nav`]) {
      await expectPrivateAddress(await record(button(`location.href = "${to}"`)), to);
    }
    await sleep(300);
    expect(world.canary.events).toEqual([]);
  });
});
